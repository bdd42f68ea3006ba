import type { ActivateTemplateResult, TemplateList, TemplatePlatform } from '@contracts/templates';
import { apiGet, apiPost } from '../../lib/api';

export interface TemplateFilters {
  category: string;
  platform: string;
  difficulty: string;
}

export function fetchTemplates(filters: TemplateFilters): Promise<TemplateList> {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== '' && v !== 'all'));
  const query = params.toString();
  return apiGet<TemplateList>(`/api/templates${query ? `?${query}` : ''}`);
}

export const activateTemplate = (id: string, platform?: TemplatePlatform) =>
  apiPost<ActivateTemplateResult>(`/api/templates/${encodeURIComponent(id)}/activate`, platform ? { platform } : {});
