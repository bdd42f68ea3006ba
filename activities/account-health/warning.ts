import type { AccountHealthWarning } from '../../contracts/social-accounts';
import type { Platform } from '../../contracts/platforms';

const DAY_MS = 86_400_000;
/** Warn this long before a token stops working (Instagram Login tokens live 60 days, §3.2). */
export const EXPIRY_WARNING_DAYS = 14;

export interface HealthInput {
  id: string;
  platform: Platform;
  name: string;
  status: 'active' | 'needs_reconnect';
  statusReason: string | null;
  tokenExpiresAt: Date | null;
  /** A refresh token renews it by itself (X): expiry is not the user's problem. */
  refreshable: boolean;
  automations: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One account's warning, or null when it is healthy. Pure: the clock is passed in. */
export function accountHealthWarning(a: HealthInput, now: Date): AccountHealthWarning | null {
  const base = { accountId: a.id, platform: a.platform, name: a.name, automations: a.automations };
  // "N automations …" only when some would stop; otherwise the account itself is the news.
  const what = a.automations > 0 ? plural(a.automations, 'automation', 'automations') : null;
  if (a.status === 'needs_reconnect') {
    const why = `${a.name} needs reconnecting${a.statusReason ? ` (${a.statusReason})` : ''}`;
    return { ...base, kind: 'needs_reconnect', daysLeft: null, message: what ? `${what} stopped: ${why}` : why };
  }
  if (!a.tokenExpiresAt || a.refreshable) return null;
  const msLeft = a.tokenExpiresAt.getTime() - now.getTime();
  if (msLeft <= 0) {
    const message = what ? `${what} stopped: the access token of ${a.name} expired; reconnect it` : `The access token of ${a.name} expired; reconnect it`;
    return { ...base, kind: 'expired', daysLeft: 0, message };
  }
  const daysLeft = Math.ceil(msLeft / DAY_MS);
  if (daysLeft > EXPIRY_WARNING_DAYS) return null;
  const days = plural(daysLeft, 'day', 'days');
  return {
    ...base,
    kind: 'expiring',
    daysLeft,
    message: what
      ? `${what} will stop in ${days} unless you reconnect ${a.name}`
      : `The access token of ${a.name} expires in ${days}; reconnect it to keep it working`,
  };
}
