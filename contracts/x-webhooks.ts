import { z } from 'zod';

/**
 * X Account Activity payloads (docs/platform-apis.md §4.4), v1.1-style objects. `.loose()`: X adds
 * fields, and an unknown one must not drop a message.
 */
export const xDmEventSchema = z
  .object({
    type: z.string(),
    id: z.string(),
    created_timestamp: z.string(),
    message_create: z
      .object({
        target: z.object({ recipient_id: z.string() }).loose(),
        sender_id: z.string(),
        message_data: z.object({ text: z.string().default('') }).loose(),
      })
      .loose()
      .optional(),
  })
  .loose();

export const xTweetSchema = z
  .object({
    id_str: z.string(),
    text: z.string().default(''),
    created_at: z.string().optional(),
    timestamp_ms: z.string().optional(),
    in_reply_to_status_id_str: z.string().nullish(),
    in_reply_to_user_id_str: z.string().nullish(),
    user: z.object({ id_str: z.string(), screen_name: z.string().optional(), name: z.string().optional() }).loose(),
    entities: z
      .object({ user_mentions: z.array(z.object({ id_str: z.string() }).loose()).optional() })
      .loose()
      .optional(),
    extended_tweet: z.object({ full_text: z.string() }).loose().optional(),
    retweeted_status: z.unknown().optional(),
  })
  .loose();

const xUser = z.object({ id: z.string(), screen_name: z.string().optional(), name: z.string().optional() }).loose();

export const xEnvelopeSchema = z
  .object({
    for_user_id: z.string(),
    direct_message_events: z.array(z.unknown()).optional(),
    tweet_create_events: z.array(z.unknown()).optional(),
    users: z.record(z.string(), xUser).optional(),
  })
  .loose();
export type XEnvelope = z.infer<typeof xEnvelopeSchema>;

/** One stored inbound_events row for X: a DM event or a post, with the account resolved at ingest. */
export const xStoredEventSchema = z.object({
  accountId: z.uuid().nullable(),
  forUserId: z.string(),
  item: z.discriminatedUnion('type', [
    z.object({ type: z.literal('dm'), event: z.unknown(), sender: xUser.nullable() }),
    z.object({ type: z.literal('tweet'), tweet: z.unknown() }),
  ]),
});
export type XStoredEvent = z.infer<typeof xStoredEventSchema>;
