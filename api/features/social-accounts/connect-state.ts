import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { z } from 'zod';
import { constantTimeEqual } from '../../../integrations/meta/webhook-signature';

declare module 'express-session' {
  interface SessionData {
    /** CSRF state of a Facebook Login "connect Pages" round trip (not sign-in). */
    metaConnect?: { state: string; createdAt: number };
    /** CSRF state of an Instagram Login round trip. */
    instagramConnect?: { state: string; createdAt: number };
  }
}

type StateKey = 'metaConnect' | 'instagramConnect';

const STATE_TTL_MS = 15 * 60_000;
const callbackQuery = z.object({
  code: z.string().min(1).max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});

/** Starts a connect round trip: a fresh state, kept in the session for the callback. */
export function issueConnectState(req: Request, key: StateKey): string {
  const state = randomBytes(24).toString('hex');
  req.session[key] = { state, createdAt: Date.now() };
  return state;
}

/**
 * The callback's code, once: the state must be the one this session issued, at most 15 minutes ago
 * (login CSRF). Otherwise the reason to show the user.
 */
export function readConnectCallback(req: Request, key: StateKey, cancelled: string): { code: string } | { reason: string } {
  const q = callbackQuery.safeParse(req.query);
  const expected = req.session[key];
  delete req.session[key]; // one use
  if (!q.success || !q.data.state || !expected || Date.now() - expected.createdAt > STATE_TTL_MS || !constantTimeEqual(q.data.state, expected.state)) {
    return { reason: 'The authorization expired or did not start here. Please try again.' };
  }
  if (q.data.error || !q.data.code) return { reason: q.data.error_description ?? cancelled };
  return { code: q.data.code };
}
