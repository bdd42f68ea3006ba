import { createHmac, timingSafeEqual } from 'node:crypto';
import { xDmEventSchema, xTweetSchema, type XEnvelope, type XStoredEvent } from '../../contracts/x-webhooks';

/** CRC (docs/platform-apis.md §4.4): `sha256=` + base64 HMAC-SHA256 of crc_token keyed with the client secret. */
export function xCrcResponse(crcToken: string, secret: string): { response_token: string } {
  return { response_token: `sha256=${createHmac('sha256', secret).update(crcToken).digest('base64')}` };
}

/**
 * POST signatures: `X-Twitter-Webhooks-Signature-OAuth2` (client secret) and/or the legacy
 * `X-Twitter-Webhooks-Signature` (consumer secret), both `sha256=<base64 HMAC of the raw body>`.
 */
export function xSignatureValid(
  raw: Buffer,
  headers: { oauth2?: string | undefined; legacy?: string | undefined },
  secrets: { clientSecret: string; consumerSecret?: string | undefined },
): boolean {
  const check = (header: string | undefined, secret: string | undefined) => {
    if (!header?.startsWith('sha256=') || !secret) return false;
    const got = Buffer.from(header.slice(7), 'base64');
    const want = createHmac('sha256', secret).update(raw).digest();
    return got.length === want.length && timingSafeEqual(got, want);
  };
  return check(headers.oauth2, secrets.clientSecret) || check(headers.legacy, secrets.consumerSecret);
}

export interface SplitXEvent {
  eventKey: string;
  forUserId: string;
  payload: Omit<XStoredEvent, 'accountId'>;
}

/**
 * One event per DM / post we act on. DMs the account itself sent come back too (kept: they are
 * echoes, stored as outbound and never trigger); posts by the account itself, retweets, and posts
 * that neither reply to nor mention it are skipped. Keys are X's ids (retries dedupe); two
 * subscribed users in one DM get two events, told apart by for_user_id (§4.4).
 */
export function splitXWebhook(env: XEnvelope): SplitXEvent[] {
  const out: SplitXEvent[] = [];
  const me = env.for_user_id;
  for (const raw of env.direct_message_events ?? []) {
    const dm = xDmEventSchema.safeParse(raw);
    if (!dm.success || dm.data.type !== 'message_create' || !dm.data.message_create) continue;
    const sender = env.users?.[dm.data.message_create.sender_id] ?? null;
    out.push({ eventKey: `dm:${me}:${dm.data.id}`, forUserId: me, payload: { forUserId: me, item: { type: 'dm', event: raw, sender } } });
  }
  for (const raw of env.tweet_create_events ?? []) {
    const t = xTweetSchema.safeParse(raw);
    if (!t.success) continue;
    const tw = t.data;
    if (tw.user.id_str === me || tw.retweeted_status) continue;
    const mentionsMe = tw.in_reply_to_user_id_str === me || (tw.entities?.user_mentions ?? []).some((m) => m.id_str === me);
    if (!mentionsMe) continue;
    out.push({ eventKey: `tweet:${me}:${tw.id_str}`, forUserId: me, payload: { forUserId: me, item: { type: 'tweet', tweet: raw } } });
  }
  return out;
}
