import type { KnowledgeEntry, KnowledgeKind, KnowledgeList, KnowledgeVisibility } from '@contracts/knowledge';
import type { WebsiteScanResult } from '@contracts/website-scan';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export interface KnowledgeFilter {
  kind: KnowledgeKind | null;
  visibility: KnowledgeVisibility | null;
  q: string;
  page: number;
}

export const PAGE_SIZE = 20;

export function fetchKnowledge(f: KnowledgeFilter) {
  const params = new URLSearchParams({ page: String(f.page), limit: String(PAGE_SIZE) });
  if (f.kind) params.set('kind', f.kind);
  if (f.visibility) params.set('visibility', f.visibility);
  if (f.q.trim()) params.set('q', f.q.trim());
  return apiGet<KnowledgeList>(`/api/knowledge?${params.toString()}`);
}

export const createKnowledgeEntry = (body: Record<string, unknown>) => apiPost<KnowledgeEntry>('/api/knowledge', body);
export const updateKnowledgeEntry = (id: string, body: Record<string, unknown>) =>
  apiRequest<KnowledgeEntry>('PATCH', `/api/knowledge/${encodeURIComponent(id)}`, body);
export const deleteKnowledgeEntry = (id: string) => apiRequest<null>('DELETE', `/api/knowledge/${encodeURIComponent(id)}`);
export const scanWebsite = (url: string) => apiPost<WebsiteScanResult>('/api/website/scan', { url });
