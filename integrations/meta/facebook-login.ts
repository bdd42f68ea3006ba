import { z } from 'zod';
import { createGraphClient, type GraphClient } from './graph-client';

/**
 * Connecting Pages and their Instagram accounts with Facebook Login (docs/platform-apis.md §3.1). This is
 * not sign-in (api/auth/passport.ts): it asks for the Page/messaging/Instagram permissions below
 * and keeps the Page tokens.
 */
export const FACEBOOK_CONNECT_SCOPES = [
  'pages_show_list', // /me/accounts (required; missing from the original brief, §7.15)
  'pages_manage_metadata', // subscribed_apps + webhooks
  'pages_messaging', // Send API, Facebook private replies
  'pages_read_engagement',
  'pages_read_user_content', // user comments on the Page
  'pages_manage_engagement', // replying to Facebook comments as the Page (not pages_manage_posts, §2.4)
  'instagram_basic',
  'instagram_manage_messages',
  'instagram_manage_comments',
  'business_management', // Pages whose roles come through Business Manager
] as const;

/** Messenger fields each Page is subscribed to (§1.7); Instagram fields follow the app's subscription. */
export const PAGE_WEBHOOK_FIELDS = ['messages', 'messaging_postbacks', 'message_echoes', 'feed', 'messaging_referrals'] as const;

export interface FacebookLoginConfig {
  appId: string;
  appSecret: string;
  graphBaseUrl: string;
  dialogBaseUrl: string;
  version: string;
  timeoutMs: number;
}

export function facebookDialogUrl(c: FacebookLoginConfig, redirectUri: string, state: string): string {
  const url = new URL(`${c.dialogBaseUrl}/${c.version}/dialog/oauth`);
  url.searchParams.set('client_id', c.appId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', FACEBOOK_CONNECT_SCOPES.join(','));
  return url.toString();
}

const tokenResponse = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.number().optional() }).loose();
const igAccount = z
  .object({
    id: z.string(),
    username: z.string().default(''),
    name: z.string().optional(),
    profile_picture_url: z.string().optional(),
    followers_count: z.number().optional(),
    media_count: z.number().optional(),
  })
  .loose();
export type InstagramBusinessAccount = z.infer<typeof igAccount>;
const pagesResponse = z.object({
  data: z.array(
    z
      .object({
        id: z.string(),
        name: z.string(),
        category: z.string().optional(),
        access_token: z.string().min(1),
        tasks: z.array(z.string()).optional(),
        instagram_business_account: igAccount.optional(),
      })
      .loose(),
  ),
});
export type FacebookPage = z.infer<typeof pagesResponse>['data'][number];

function client(c: Pick<FacebookLoginConfig, 'graphBaseUrl' | 'version' | 'timeoutMs'>): GraphClient {
  return createGraphClient({ baseUrl: c.graphBaseUrl, version: c.version, timeoutMs: c.timeoutMs, auth: 'query' });
}

/** Code → short-lived user token → long-lived user token (~60 days), §3.1 steps 2–3. */
export async function exchangeCodeForLongLivedToken(c: FacebookLoginConfig, code: string, redirectUri: string) {
  const graph = client(c);
  const short = tokenResponse.parse(
    await graph.call('GET', '/oauth/access_token', '', { query: { client_id: c.appId, client_secret: c.appSecret, redirect_uri: redirectUri, code } }),
  );
  const long = tokenResponse.parse(
    await graph.call('GET', '/oauth/access_token', '', {
      query: { grant_type: 'fb_exchange_token', client_id: c.appId, client_secret: c.appSecret, fb_exchange_token: short.access_token },
    }),
  );
  return { userToken: long.access_token, expiresInSeconds: long.expires_in ?? null };
}

/** The person's Pages with their Page tokens and linked Instagram professional accounts (§3.1 step 4). */
export async function listPages(c: FacebookLoginConfig, userToken: string): Promise<FacebookPage[]> {
  const fields = 'id,name,category,access_token,tasks,instagram_business_account{id,username,name,profile_picture_url,followers_count,media_count}';
  return pagesResponse.parse(await client(c).call('GET', '/me/accounts', userToken, { query: { fields, limit: '100' } })).data;
}

/** Subscribes the Page to our app's webhooks and reads it back (§1.7: a silently dropped field is possible). */
export async function subscribePage(c: FacebookLoginConfig, pageId: string, pageToken: string): Promise<string[]> {
  const graph = client(c);
  await graph.call('POST', `/${pageId}/subscribed_apps`, pageToken, { query: { subscribed_fields: PAGE_WEBHOOK_FIELDS.join(',') } });
  const read = z
    .object({ data: z.array(z.object({ id: z.string(), subscribed_fields: z.array(z.string()).optional() }).loose()) })
    .parse(await graph.call('GET', `/${pageId}/subscribed_apps`, pageToken));
  return read.data.find((a) => a.id === c.appId)?.subscribed_fields ?? [];
}

export async function unsubscribePage(c: FacebookLoginConfig, pageId: string, pageToken: string): Promise<void> {
  await client(c).call('DELETE', `/${pageId}/subscribed_apps`, pageToken);
}

/** An Instagram professional account's public profile (§3.1 step 5). */
export async function instagramProfile(c: Omit<FacebookLoginConfig, 'appId' | 'appSecret' | 'dialogBaseUrl'>, igId: string, pageToken: string) {
  const graph = createGraphClient({ baseUrl: c.graphBaseUrl, version: c.version, timeoutMs: c.timeoutMs, auth: 'query' });
  return igAccount.parse(
    await graph.call('GET', `/${igId}`, pageToken, { query: { fields: 'id,username,name,profile_picture_url,followers_count,media_count' } }),
  );
}

const debugTokenResponse = z.object({
  data: z
    .object({
      is_valid: z.boolean(),
      type: z.string().optional(),
      /** Unix seconds; 0 means the token does not expire (Page tokens from a long-lived user token). */
      expires_at: z.number().optional(),
      /** Unix seconds after which the token can no longer read data until the person logs in again. */
      data_access_expires_at: z.number().optional(),
      scopes: z.array(z.string()).optional(),
      error: z.object({ code: z.number().optional(), subcode: z.number().optional(), message: z.string().optional() }).loose().optional(),
    })
    .loose(),
});

export interface TokenDebugInfo {
  isValid: boolean;
  /** Permissions the person has granted the app (what is left after they removed any). */
  scopes: string[];
  expiresAt: Date | null;
  dataAccessExpiresAt: Date | null;
  /** Meta's reason when the token is not valid. */
  error: string | null;
}

const unixDate = (s: number | undefined) => (s && s > 0 ? new Date(s * 1000) : null);

/**
 * `GET /debug_token?input_token=` with the app token (`{app-id}|{app-secret}`): whether the token
 * still works, which permissions remain granted, and when it or its data access expires
 * (https://developers.facebook.com/docs/graph-api/reference/debug_token).
 */
export async function debugToken(c: Omit<FacebookLoginConfig, 'dialogBaseUrl'>, inputToken: string): Promise<TokenDebugInfo> {
  const { data } = debugTokenResponse.parse(await client(c).call('GET', '/debug_token', `${c.appId}|${c.appSecret}`, { query: { input_token: inputToken } }));
  return {
    isValid: data.is_valid,
    scopes: data.scopes ?? [],
    expiresAt: unixDate(data.expires_at),
    dataAccessExpiresAt: unixDate(data.data_access_expires_at),
    error: data.error?.message ?? null,
  };
}
