import type { CreateSavedReplyBody, SavedReply, UpdateSavedReplyBody } from '@contracts/saved-replies';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

const url = (id: string) => `/api/saved-replies/${encodeURIComponent(id)}`;

export const fetchSavedReplies = () => apiGet<SavedReply[]>('/api/saved-replies');
export const createSavedReply = (body: CreateSavedReplyBody) => apiPost<SavedReply>('/api/saved-replies', body);
export const updateSavedReply = (id: string, body: UpdateSavedReplyBody) => apiRequest<SavedReply>('PATCH', url(id), body);
export const deleteSavedReply = (id: string) => apiRequest<null>('DELETE', url(id));
