import type { Figures } from '@contracts/figures';
import type { CreateLeadBody, Lead, LeadSource, LeadStatus, LeadsPage, UpdateLeadBody } from '@contracts/leads';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export interface LeadQuery {
  page: number;
  status: LeadStatus | 'all';
  source: LeadSource | 'all';
  search: string;
  /** Keyset cursors from the last answer's pagination: the page after / before it (cheap at any depth). */
  after?: string;
  before?: string;
}

/** The filters as query parameters ("all" and a blank search are left out). */
export function leadParams(q: Omit<LeadQuery, 'page' | 'after' | 'before'>, page?: number, cursor?: Pick<LeadQuery, 'after' | 'before'>): string {
  const p = new URLSearchParams();
  if (page !== undefined) p.set('page', String(page));
  if (cursor?.after) p.set('after', cursor.after);
  else if (cursor?.before) p.set('before', cursor.before);
  if (q.status !== 'all') p.set('status', q.status);
  if (q.source !== 'all') p.set('source', q.source);
  if (q.search.trim()) p.set('search', q.search.trim());
  return p.toString();
}

/** The four cards' figures since the workspace began (GET /api/leads/summary, the glossary's definitions). */
export const fetchLeadSummary = () => apiGet<Figures>('/api/leads/summary');
export const fetchLeads = (q: LeadQuery) => apiGet<LeadsPage>(`/api/leads?${leadParams(q, q.page, q)}`);
export const createLead = (body: CreateLeadBody) => apiPost<Lead>('/api/leads', body);
export const updateLead = (id: string, body: UpdateLeadBody) => apiRequest<Lead>('PATCH', `/api/leads/${encodeURIComponent(id)}`, body);
export const deleteLead = (id: string) => apiRequest<null>('DELETE', `/api/leads/${encodeURIComponent(id)}`);
/** A plain link: the browser downloads the stream itself, with the session cookie. */
export const exportUrl = (q: Omit<LeadQuery, 'page' | 'after' | 'before'>) => `/api/leads/export.csv${leadParams(q) ? `?${leadParams(q)}` : ''}`;
