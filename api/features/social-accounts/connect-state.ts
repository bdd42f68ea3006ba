import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { z } from 'zod';
import { constantTimeEqual } from '../../../integrations/meta/webhook-signature';

/** A connect round trip this session started: its CSRF state (and X's PKCE verifier). */
export interface PendingConnect {
  state: string;
  createdAt: number;
  verifier?: string;
}

export type ConnectKey = 'metaConnect' | 'instagramConnect' | 'xConnect';

declare module 'express-session' {
  interface SessionData {
    /**
     * Connect round trips in progress, by provider (Facebook Login "connect Pages", Instagram Login,
     * X): several at once, so a second tab or a second click does not void the first one's callback.
     */
    connects?: Partial<Record<ConnectKey, PendingConnect[]>>;
  }
}

/** Round trips kept per provider and session (the oldest goes first). */
const MAX_PENDING = 5;
/** How long a round trip may take, from our redirect to its callback. */
const TTL_MS: Record<ConnectKey, number> = { metaConnect: 15 * 60_000, instagramConnect: 15 * 60_000, xConnect: 10 * 60_000 };
const EXPIRED = 'The authorization expired or did not start here. Please try again.';

const callbackQuery = z.object({
  code: z.string().min(1).max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});

/** Starts a connect round trip: a fresh state, kept in the session (with `extra`) for the callback. */
export function issueConnectState(req: Request, key: ConnectKey, extra: { verifier?: string } = {}): string {
  const state = randomBytes(24).toString('hex');
  const now = Date.now();
  const kept = (req.session.connects?.[key] ?? []).filter((p) => now - p.createdAt <= TTL_MS[key]).slice(-(MAX_PENDING - 1));
  req.session.connects = { ...req.session.connects, [key]: [...kept, { state, createdAt: now, ...extra }] };
  return state;
}

/**
 * The callback's code and its round trip, once: the state must be one this session issued, at most
 * 10–15 minutes ago (login CSRF). Otherwise the reason to show the user.
 */
export function readConnectCallback(req: Request, key: ConnectKey, cancelled: string): { code: string; pending: PendingConnect } | { reason: string } {
  const q = callbackQuery.safeParse(req.query);
  const state = q.success ? q.data.state : undefined;
  const pending = req.session.connects?.[key] ?? [];
  const match = state ? pending.find((p) => constantTimeEqual(state, p.state)) : undefined;
  if (match) {
    // One use: this round trip's state goes, the others stay for their own callbacks.
    const rest = pending.filter((p) => p !== match);
    const { [key]: _, ...others } = req.session.connects ?? {};
    req.session.connects = rest.length ? { ...others, [key]: rest } : others;
  }
  if (!q.success || !match || Date.now() - match.createdAt > TTL_MS[key]) return { reason: EXPIRED };
  if (q.data.error || !q.data.code) return { reason: q.data.error_description ?? cancelled };
  return { code: q.data.code, pending: match };
}
