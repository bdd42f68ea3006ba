import type { Flow, FlowBody, RunSummary, SavedFlow, TestContact } from '@contracts/flows';
import type { ClashReport, FlowClashQuery } from '@contracts/keyword-clashes';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

const flowUrl = (id: string) => `/api/flows/${encodeURIComponent(id)}`;

export const fetchFlows = () => apiGet<Flow[]>('/api/flows');
export const fetchFlow = (id: string) => apiGet<Flow>(flowUrl(id));
export const createFlow = (body: FlowBody) => apiPost<SavedFlow>('/api/flows', body);
export const updateFlow = (id: string, body: FlowBody) => apiRequest<SavedFlow>('PUT', flowUrl(id), body);
export const deleteFlow = (id: string) => apiRequest<null>('DELETE', flowUrl(id));
export const fetchTestContacts = (id: string) => apiGet<TestContact[]>(`${flowUrl(id)}/test-contacts`);
export const startTestRun = (id: string, contactId: string) => apiPost<RunSummary>(`${flowUrl(id)}/test-run`, { contactId });
/** What Start would say about the draft's trigger: keyword clashes with live rules and flows (nothing saved). */
export const checkFlowClashes = (query: FlowClashQuery) => apiPost<ClashReport>('/api/flows/clashes', query);
