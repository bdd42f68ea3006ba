import type { IceBreakers, MessengerProfileView, PersistentMenu } from '@contracts/growth';
import { apiGet, apiRequest } from '../../lib/api';

export type IceBreakersView = MessengerProfileView<IceBreakers>;
export type PersistentMenuView = MessengerProfileView<PersistentMenu>;

const base = (accountId: string) => `/api/social-accounts/${encodeURIComponent(accountId)}`;

export const profileKeys = {
  iceBreakers: (accountId: string) => ['messenger-profile', accountId, 'ice-breakers'] as const,
  menu: (accountId: string) => ['messenger-profile', accountId, 'persistent-menu'] as const,
};

/** What Replypilot pushed last next to what Meta holds now (api/features/social-accounts/messenger-profile.routes.ts). */
export const fetchIceBreakers = (accountId: string) => apiGet<IceBreakersView>(`${base(accountId)}/ice-breakers`);
export const fetchPersistentMenu = (accountId: string) => apiGet<PersistentMenuView>(`${base(accountId)}/persistent-menu`);
/** Pushes to Meta, then stores; `{locales: []}` clears the field at Meta. */
export const putIceBreakers = (accountId: string, body: IceBreakers) => apiRequest<IceBreakersView>('PUT', `${base(accountId)}/ice-breakers`, body);
export const putPersistentMenu = (accountId: string, body: PersistentMenu) => apiRequest<PersistentMenuView>('PUT', `${base(accountId)}/persistent-menu`, body);
