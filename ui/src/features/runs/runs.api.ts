import type { RunDetail, RunList, RunSummary } from '@contracts/flows';
import { apiGet, apiPost } from '../../lib/api';
import { runsQuery, type RunFilters } from './runs.helpers';

const runUrl = (id: string) => `/api/runs/${encodeURIComponent(id)}`;

export const fetchRuns = (filters: RunFilters, cursor?: string | null) => apiGet<RunList>(`/api/runs?${runsQuery(filters, cursor)}`);
export const fetchRun = (id: string) => apiGet<RunDetail>(runUrl(id));
/** Retry from the failed step (same version). */
export const retryRun = (id: string) => apiPost<RunSummary>(`${runUrl(id)}/retry`);
/** A new run from the start, on the latest published version. */
export const replayRun = (id: string) => apiPost<RunSummary>(`${runUrl(id)}/replay`);
export const cancelRun = (id: string) => apiPost<RunSummary>(`${runUrl(id)}/cancel`);
