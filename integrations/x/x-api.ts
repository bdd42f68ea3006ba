import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PlatformFailure, PlatformFailureWithFacts } from '../platform-failure';

/** X API v2 (docs/platform-apis.md §4): OAuth 2.0 Authorization Code + PKCE, user lookup, DMs, replies. */
export const X_SCOPES = ['dm.read', 'dm.write', 'tweet.read', 'tweet.write', 'users.read', 'offline.access'] as const;

export interface XClientConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  apiBaseUrl: string;
  timeoutMs: number;
}

export class XApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** From x-rate-limit-reset (unix seconds) on a 429. */
    readonly resetAt: Date | null,
  ) {
    super(message);
    this.name = 'XApiError';
  }
}

export class XNetworkError extends Error {
  constructor(
    message: string,
    readonly requestSent: boolean,
  ) {
    super(message);
    this.name = 'XNetworkError';
  }
}

/** PKCE (RFC 7636, S256): the verifier stays in the session, the challenge goes to X. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function xAuthorizeUrl(c: XClientConfig, redirectUri: string, state: string, challenge: string): string {
  const url = new URL(c.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', c.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', X_SCOPES.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const errorBody = z
  .object({
    detail: z.string().optional(),
    title: z.string().optional(),
    error_description: z.string().optional(),
    errors: z.array(z.object({ message: z.string() }).loose()).optional(),
  })
  .loose();

/** One X API request: typed errors (`XApiError` with the 429 reset, `XNetworkError`), one timeout. */
export async function call(c: Pick<XClientConfig, 'apiBaseUrl' | 'timeoutMs'>, path: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${c.apiBaseUrl}${path}`, { ...init, signal: AbortSignal.timeout(c.timeoutMs) });
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    throw new XNetworkError(`X did not answer (${code ?? (err as Error).name}): ${(err as Error).message}`, !(code && NOT_SENT_CODES.has(code)));
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (res.ok && body !== undefined) return body;
  const e = errorBody.safeParse(body);
  const message = e.success
    ? (e.data.detail ?? e.data.error_description ?? e.data.errors?.[0]?.message ?? e.data.title ?? `HTTP ${res.status}`)
    : `HTTP ${res.status} from X`;
  const reset = Number(res.headers.get('x-rate-limit-reset'));
  throw new XApiError(res.status, message, Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : null);
}

const tokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  expires_in: z.number().optional(),
  scope: z.string().optional(),
});
export type XTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date };

function tokenRequest(c: XClientConfig, form: Record<string, string>) {
  // Confidential client: Basic auth with id:secret (§4.1).
  return call(c, '/2/oauth2/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams(form),
  });
}

function toTokens(raw: unknown): XTokens {
  const t = tokenResponse.parse(raw);
  return { accessToken: t.access_token, refreshToken: t.refresh_token ?? null, expiresAt: new Date(Date.now() + (t.expires_in ?? 7200) * 1000) };
}

/** Must run within 30 s of the redirect (§4.1). */
export async function exchangeXCode(c: XClientConfig, code: string, redirectUri: string, verifier: string): Promise<XTokens> {
  return toTokens(await tokenRequest(c, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, client_id: c.clientId }));
}

/** Ends a grant (§4.1 revoke): a refresh token takes its access tokens with it. */
export async function revokeXToken(c: XClientConfig, token: string, kind: 'access_token' | 'refresh_token'): Promise<void> {
  await call(c, '/2/oauth2/revoke', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ token, token_type_hint: kind, client_id: c.clientId }),
  });
}

/** Access tokens last 2 hours; refresh tokens rotate (a used one is dead). */
export async function refreshXToken(c: XClientConfig, refreshToken: string): Promise<XTokens> {
  return toTokens(await tokenRequest(c, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: c.clientId }));
}

const me = z.object({
  data: z.object({ id: z.string(), username: z.string(), name: z.string().optional(), profile_image_url: z.string().optional() }).loose(),
});
export async function xMe(c: XClientConfig, token: string) {
  return me.parse(await call(c, '/2/users/me?user.fields=profile_image_url', { headers: { authorization: `Bearer ${token}` } })).data;
}

/** 1:1 DM (§4.2): creates the conversation if needed. */
export async function xSendDm(c: XClientConfig, token: string, participantId: string, text: string): Promise<{ dmEventId: string }> {
  const res = z.object({ data: z.object({ dm_event_id: z.string() }).loose() }).parse(
    await call(c, `/2/dm_conversations/with/${encodeURIComponent(participantId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    }),
  );
  return { dmEventId: res.data.dm_event_id };
}

/** Public reply to a post (a mention or reply that triggered us). */
export async function xReply(c: XClientConfig, token: string, inReplyTo: string, text: string): Promise<{ tweetId: string }> {
  const res = z.object({ data: z.object({ id: z.string() }).loose() }).parse(
    await call(c, '/2/tweets', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text, reply: { in_reply_to_tweet_id: inReplyTo } }),
    }),
  );
  return { tweetId: res.data.id };
}

/** X errors onto the platform-neutral kinds (ADR 0006): 429 waits for x-rate-limit-reset. */
export function classifyXError(err: unknown): PlatformFailureWithFacts | null {
  const f = classifyX(err);
  return f && err instanceof XApiError ? { ...f, httpStatus: err.status } : f;
}

function classifyX(err: unknown): PlatformFailure | null {
  if (err instanceof XNetworkError) return err.requestSent ? { kind: 'uncertain', message: err.message } : { kind: 'temporary', message: err.message };
  if (!(err instanceof XApiError)) return null;
  const m = `${err.message} (HTTP ${err.status})`;
  if (err.status === 429) return { kind: 'throttled', message: m, retryAfterMs: err.resetAt ? Math.max(0, err.resetAt.getTime() - Date.now()) : null };
  if (err.status === 401) return { kind: 'token', message: m };
  // X answers 403 when the person does not accept DMs from this account.
  if (err.status === 403) return { kind: 'unreachable', message: m };
  if (err.status >= 500) return { kind: 'uncertain', message: m };
  return { kind: 'rejected', message: m };
}
