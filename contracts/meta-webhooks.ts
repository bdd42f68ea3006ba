import { z } from 'zod';

/**
 * Meta webhook payloads (docs/platform-apis.md §1.4–§1.6). Objects are `.loose()`: Meta adds fields
 * without notice, and an unknown field must never make us drop a customer's message.
 */
const idString = z.union([z.string(), z.number()]).transform(String);
const who = z.object({ id: idString }).loose();

export const metaEnvelopeSchema = z.object({
  object: z.string(),
  entry: z.array(
    z
      .object({
        id: idString,
        time: z.number(),
        messaging: z.array(z.unknown()).optional(),
        changes: z.array(z.unknown()).optional(),
        // The Instagram-Login example omits the changes[] wrapper (docs/platform-apis.md §7.6).
        field: z.string().optional(),
        value: z.unknown().optional(),
      })
      .loose(),
  ),
});
export type MetaEnvelope = z.infer<typeof metaEnvelopeSchema>;

/**
 * How a person entered the conversation (docs/platform-apis.md §1.9): an ig.me / m.me link's `ref`
 * (source SHORTLINK / SHORTLINKS / SHORT-URL by document), an ad (source ADS), type OPEN_THREAD.
 * Rides on a postback (a new thread: Get Started or an ice-breaker tap), on a message, or alone
 * (`messaging_referrals`: an existing thread).
 */
export const metaReferralSchema = z.object({ ref: z.string().optional(), source: z.string().optional(), type: z.string().optional() }).loose();

export const metaMessageSchema = z
  .object({
    mid: z.string().min(1),
    text: z.string().optional(),
    is_echo: z.boolean().optional(),
    is_deleted: z.boolean().optional(),
    is_unsupported: z.boolean().optional(),
    is_self: z.boolean().optional(),
    app_id: idString.optional(),
    metadata: z.string().optional(),
    quick_reply: z.object({ payload: z.string() }).loose().optional(),
    reply_to: z
      .object({ mid: z.string().optional(), story: z.object({ id: z.string().optional(), url: z.string().optional() }).loose().optional() })
      .loose()
      .optional(),
    attachments: z.array(z.object({ type: z.string() }).loose()).optional(),
    referral: metaReferralSchema.optional(),
  })
  .loose();

export const metaPostbackSchema = z
  .object({ mid: z.string().optional(), title: z.string().optional(), payload: z.string().optional(), referral: metaReferralSchema.optional() })
  .loose();

/** One `entry[].messaging[]` item: a message, echo, postback or referral (reads, reactions… carry none). */
export const metaMessagingItemSchema = z
  .object({
    sender: who,
    recipient: who,
    timestamp: z.number(),
    message: metaMessageSchema.optional(),
    postback: metaPostbackSchema.optional(),
    referral: metaReferralSchema.optional(),
  })
  .loose();
export type MetaMessagingItem = z.infer<typeof metaMessagingItemSchema>;

/** Instagram `comments` change value. The id is `value.id` (or `comment_id`, §7.6). */
export const igCommentValueSchema = z
  .object({
    id: z.string().optional(),
    comment_id: z.string().optional(),
    text: z.string().default(''),
    from: z.object({ id: idString, username: z.string().optional(), self_ig_scoped_id: z.string().optional() }).loose(),
    media: z.object({ id: idString, media_product_type: z.string().optional() }).loose(),
    parent_id: z.string().optional(),
  })
  .loose()
  .refine((v) => Boolean(v.id ?? v.comment_id), { message: 'comment has no id' });

/** Facebook Page `feed` change value (§1.5); we act on item=comment, verb=add. */
export const fbFeedValueSchema = z
  .object({
    item: z.string(),
    verb: z.string(),
    comment_id: z.string().optional(),
    post_id: z.string().optional(),
    parent_id: z.string().optional(),
    from: z.object({ id: idString, name: z.string().optional() }).loose().optional(),
    message: z.string().optional(),
    created_time: z.union([z.number(), z.string()]).optional(),
  })
  .loose();

/**
 * What one stored inbound_events row holds for Meta: one messaging item or one change, with the
 * account it was addressed to (resolved at ingest; null when no workspace has connected it).
 */
export const metaStoredEventSchema = z.object({
  object: z.enum(['page', 'instagram']),
  accountId: z.uuid().nullable(),
  accountExternalId: z.string(),
  entryTime: z.number(),
  item: z.discriminatedUnion('type', [
    z.object({ type: z.literal('messaging'), event: z.unknown() }),
    z.object({ type: z.literal('change'), field: z.string(), value: z.unknown() }),
  ]),
});
export type MetaStoredEvent = z.infer<typeof metaStoredEventSchema>;

/** Meta timestamps are ms in messaging and seconds in changes/entry.time; accept either. */
export function metaTimeToIso(t: number | string): string {
  const n = typeof t === 'string' ? (/^\d+$/.test(t) ? Number(t) : Date.parse(t)) : t;
  if (!Number.isFinite(n)) throw new Error(`not a timestamp: ${t}`);
  return new Date(n < 1e12 ? n * 1000 : n).toISOString();
}
