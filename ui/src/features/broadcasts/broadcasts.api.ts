import type { Broadcast, BroadcastAudience, BroadcastRecipientRow, BroadcastSegment, CreateBroadcastBody } from '@contracts/broadcasts';
import { apiGet, apiPost } from '../../lib/api';

const at = (id: string) => `/api/broadcasts/${encodeURIComponent(id)}`;

export const fetchBroadcasts = () => apiGet<{ broadcasts: Broadcast[] }>('/api/broadcasts');
export const fetchBroadcast = (id: string) => apiGet<Broadcast>(at(id));
export const fetchAudience = (segment: BroadcastSegment) => apiPost<BroadcastAudience>('/api/broadcasts/audience', { segment });
export const fetchReport = (id: string) => apiGet<{ recipients: BroadcastRecipientRow[] }>(`${at(id)}/recipients`);
export const createBroadcast = (body: CreateBroadcastBody) => apiPost<Broadcast>('/api/broadcasts', body);
export const startBroadcast = (id: string, runAt: string | null) => apiPost<Broadcast>(`${at(id)}/start`, { runAt });
export const controlBroadcast = (id: string, action: 'pause' | 'resume' | 'cancel') => apiPost<Broadcast>(`${at(id)}/${action}`);
export const retryFailed = (id: string) => apiPost<{ retried: number; broadcast: Broadcast }>(`${at(id)}/retry-failed`);
