import { z } from 'zod';
import { createGraphClient } from './graph-client';
import { GraphApiError, PlatformNetworkError } from './graph-client';

/**
 * Instagram API with Instagram Login (docs/platform-apis.md §3.2): Instagram professional accounts
 * without a Facebook Page. Its own app id/secret, hosts www.instagram.com (dialog),
 * api.instagram.com (code exchange) and graph.instagram.com (long-lived token, profile, messaging).
 */
export const INSTAGRAM_LOGIN_SCOPES = ['instagram_business_basic', 'instagram_business_manage_messages', 'instagram_business_manage_comments'] as const;
export const INSTAGRAM_WEBHOOK_FIELDS = ['comments', 'messages', 'messaging_postbacks', 'messaging_referral'] as const;

export interface InstagramLoginConfig {
  appId: string;
  appSecret: string;
  authorizeBaseUrl: string;
  apiBaseUrl: string;
  graphBaseUrl: string;
  version: string;
  timeoutMs: number;
}

export function instagramAuthorizeUrl(c: InstagramLoginConfig, redirectUri: string, state: string): string {
  const url = new URL(`${c.authorizeBaseUrl}/oauth/authorize`);
  url.searchParams.set('client_id', c.appId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', INSTAGRAM_LOGIN_SCOPES.join(','));
  url.searchParams.set('state', state);
  return url.toString();
}

const shortToken = z.union([
  z.object({ access_token: z.string().min(1), user_id: z.union([z.string(), z.number()]).transform(String) }).loose(),
  // Newer responses wrap it: {data: [{access_token, user_id, permissions}]}.
  z
    .object({ data: z.array(z.object({ access_token: z.string().min(1), user_id: z.union([z.string(), z.number()]).transform(String) }).loose()).min(1) })
    .transform((v) => v.data[0]!),
]);
const longToken = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() }).loose();
const profile = z
  .object({
    user_id: z.union([z.string(), z.number()]).transform(String),
    username: z.string(),
    name: z.string().optional(),
    profile_picture_url: z.string().optional(),
    followers_count: z.number().optional(),
    media_count: z.number().optional(),
  })
  .loose();
export type InstagramLoginProfile = z.infer<typeof profile>;

async function plainCall(url: URL, init: RequestInit, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new PlatformNetworkError(`Instagram did not answer: ${(err as Error).message}`, true);
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok || body === undefined) {
    const e = z.object({ error: z.object({ message: z.string(), code: z.number().optional() }).loose() }).safeParse(body);
    const legacy = z.object({ error_message: z.string() }).loose().safeParse(body);
    const message = e.success ? e.data.error.message : legacy.success ? legacy.data.error_message : `HTTP ${res.status} from Instagram`;
    throw new GraphApiError(res.status, e.success ? (e.data.error.code ?? null) : null, null, message, null);
  }
  return body;
}

/** Code → short-lived token (api.instagram.com, form post) → long-lived token (60 days). */
export async function exchangeInstagramCode(c: InstagramLoginConfig, code: string, redirectUri: string) {
  // The code arrives with a trailing "#_" that is not part of it (§3.2).
  const clean = code.replace(/#_$/, '');
  const form = new URLSearchParams({
    client_id: c.appId,
    client_secret: c.appSecret,
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
    code: clean,
  });
  const short = shortToken.parse(
    await plainCall(
      new URL(`${c.apiBaseUrl}/oauth/access_token`),
      { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      c.timeoutMs,
    ),
  );
  const url = new URL(`${c.graphBaseUrl}/access_token`);
  url.searchParams.set('grant_type', 'ig_exchange_token');
  url.searchParams.set('client_secret', c.appSecret);
  url.searchParams.set('access_token', short.access_token);
  const long = longToken.parse(await plainCall(url, { method: 'GET' }, c.timeoutMs));
  return { token: long.access_token, expiresInSeconds: long.expires_in ?? 60 * 86_400 };
}

/** `/me` on graph.instagram.com: `user_id` is the professional account id that webhooks carry as entry.id. */
export async function instagramLoginProfile(
  c: Pick<InstagramLoginConfig, 'graphBaseUrl' | 'version' | 'timeoutMs'>,
  token: string,
): Promise<InstagramLoginProfile> {
  const graph = createGraphClient({ baseUrl: c.graphBaseUrl, version: c.version, timeoutMs: c.timeoutMs, auth: 'bearer' });
  return profile.parse(
    await graph.call('GET', '/me', token, {
      query: { fields: 'user_id,username,name,profile_picture_url,followers_count,follows_count,media_count,account_type' },
    }),
  );
}

/** Subscribes the account to the Instagram app's webhooks (§1.7). */
export async function subscribeInstagramAccount(c: InstagramLoginConfig, token: string): Promise<void> {
  const graph = createGraphClient({ baseUrl: c.graphBaseUrl, version: c.version, timeoutMs: c.timeoutMs, auth: 'bearer' });
  await graph.call('POST', '/me/subscribed_apps', token, { query: { subscribed_fields: INSTAGRAM_WEBHOOK_FIELDS.join(',') } });
}

/**
 * Renews a long-lived Instagram Login token for another 60 days (§3.2). Meta only refreshes a
 * token that is at least 24 hours old and still valid, so this must run well before expiry.
 */
export async function refreshInstagramLoginToken(c: Pick<InstagramLoginConfig, 'graphBaseUrl' | 'timeoutMs'>, token: string) {
  const url = new URL(`${c.graphBaseUrl}/refresh_access_token`);
  url.searchParams.set('grant_type', 'ig_refresh_token');
  url.searchParams.set('access_token', token);
  const long = longToken.parse(await plainCall(url, { method: 'GET' }, c.timeoutMs));
  return { token: long.access_token, expiresInSeconds: long.expires_in ?? 60 * 86_400 };
}
