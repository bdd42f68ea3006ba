import type { FailedSendsList, RetryFailedSendsResponse } from '@contracts/failed-sends';
import { apiGet, apiPost } from '../../lib/api';

export interface FailedSendsFilter {
  reason: string;
  accountId: string;
}

export function fetchFailedSends(f: FailedSendsFilter) {
  const p = new URLSearchParams();
  if (f.reason !== 'all') p.set('reason', f.reason);
  if (f.accountId !== 'all') p.set('accountId', f.accountId);
  return apiGet<FailedSendsList>(`/api/failed-sends?${p.toString()}`);
}
/** `confirmDuplicateRisk`: the person agreed that sends which may already have been delivered go again (F23). */
export const retryFailedSends = (ids: string[], confirmDuplicateRisk: boolean) =>
  apiPost<RetryFailedSendsResponse>('/api/failed-sends/retry', { ids, confirmDuplicateRisk });
export const dismissFailedSends = (ids: string[], note: string) => apiPost<{ dismissed: string[] }>('/api/failed-sends/dismiss', { ids, note });
