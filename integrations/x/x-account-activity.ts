import { z } from 'zod';
import { call, type XClientConfig } from './x-api';

/**
 * Account Activity API v2 (docs/platform-apis.md §4.4): the app registers one webhook (`/2/webhooks`,
 * app-only Bearer; X runs a CRC against it at once) and each connected account is subscribed to it
 * with that account's own OAuth 2.0 user token. Needs X's Account Activity access (Enterprise or
 * pay-per-use); without it X refuses, and the caller records why.
 */
type Hosts = Pick<XClientConfig, 'apiBaseUrl' | 'timeoutMs'>;

const webhook = z.object({ id: z.string(), url: z.string(), valid: z.boolean().optional() }).loose();

/** The app's webhook for `url`: the registered one, or a new registration (which X validates by CRC). */
export async function ensureXWebhook(c: Hosts, appBearer: string, url: string): Promise<{ id: string; created: boolean }> {
  const auth = { authorization: `Bearer ${appBearer}` };
  const list = z
    .object({ data: z.array(webhook).optional() })
    .loose()
    .parse(await call(c, '/2/webhooks', { headers: auth }));
  const existing = list.data?.find((w) => w.url === url);
  if (existing) return { id: existing.id, created: false };
  const made = z
    .object({ data: webhook })
    .parse(await call(c, '/2/webhooks', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ url }) }));
  return { id: made.data.id, created: true };
}

/** Subscribes the user (their token) to the webhook: their DMs and mentions start arriving within ~10 s. */
export async function subscribeXAccountActivity(c: Hosts, webhookId: string, userToken: string): Promise<void> {
  await call(c, `/2/account_activity/webhooks/${encodeURIComponent(webhookId)}/subscriptions/all`, {
    method: 'POST',
    headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
    body: '{}',
  });
}
