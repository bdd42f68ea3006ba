import type { CreateGrowthLink, GrowthLink } from '@contracts/growth';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export const growthKeys = { links: ['growth-links'] as const };
export const fetchGrowthLinks = () => apiGet<GrowthLink[]>('/api/growth/links');
export const createGrowthLink = (body: CreateGrowthLink) => apiPost<GrowthLink>('/api/growth/links', body);
export const deleteGrowthLink = (id: string) => apiRequest<null>('DELETE', `/api/growth/links/${encodeURIComponent(id)}`);
export const qrUrl = (id: string, ext: 'png' | 'svg') => `/api/growth/links/${encodeURIComponent(id)}/qr.${ext}`;
