import type { ActivateTemplateResult, FlowTemplate, TemplateList, TemplatePlatform, TemplatePreview } from '@contracts/templates';
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

/** The template as activating it would create it: filled with the workspace's facts, placeholders where they are missing. */
export const fetchTemplatePreview = (id: string, platform: TemplatePlatform) =>
  apiGet<TemplatePreview>(`/api/templates/${encodeURIComponent(id)}/preview?platform=${platform}`);

/** POST /api/templates: save one of my flows as a workspace template (My Templates). */
export const saveFlowAsTemplate = (flowId: string, name: string) => apiPost<FlowTemplate>('/api/templates', { flowId, name });
