import { z } from 'zod';

const person = z.object({
  id: z.string().min(1).max(64),
  name: z.string().max(200).default(''),
  username: z.string().max(100).nullish(),
});

/**
 * The simulator's events, stored raw in inbound_events.payload and parsed again by the worker
 * (ARCHITECTURE.md#inbound-pipeline: parse with zod in the worker; a malformed one is stored with its error).
 */
export const sandboxEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('comment'),
    accountId: z.uuid(),
    postId: z.string().min(1).max(100),
    commentId: z.string().min(1).max(100),
    from: person,
    text: z.string().max(2200),
    createdAt: z.iso.datetime(),
    /** The Simulator's comment on a Live broadcast, as Meta's `live_comments` (docs/platform-apis.md §1.6). */
    live: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('message'),
    accountId: z.uuid(),
    messageId: z.string().min(1).max(100),
    from: person,
    text: z.string().max(4000),
    createdAt: z.iso.datetime(),
    /** The Simulator's tap on an ice breaker / menu item: its payload (text is the item's title), as Meta's postback. */
    postbackPayload: z.string().min(1).max(1000).optional(),
    /** The Simulator's "open an entry link": the link's ref, as Meta's referral (docs/platform-apis.md §1.9). */
    referral: z.object({ ref: z.string().min(1).max(2083), source: z.string().max(40).nullable() }).optional(),
    /** A referral with no message of the person's (Meta's `messaging_referrals`). */
    referralOnly: z.boolean().optional(),
    /** The Simulator's reply to the account's story, as Meta's `reply_to.story` (docs/platform-apis.md §1.6). */
    storyReply: z.boolean().optional(),
  }),
]);
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

/** What every provider's payload is normalised into before it touches our tables. */
export type NormalizedEvent =
  | {
      kind: 'comment';
      accountId: string;
      postId: string;
      commentId: string;
      from: { id: string; name: string; username: string | null };
      text: string;
      createdAt: string;
      /** An Instagram Live comment (`live_comments`): a private reply only during the broadcast (docs/platform-apis.md §2.3). */
      live?: boolean;
    }
  | {
      kind: 'message';
      accountId: string;
      messageId: string;
      from: { id: string; name: string; username: string | null };
      text: string;
      createdAt: string;
      /** An Instagram DM that replies to one of the account's stories (`reply_to.story`). */
      storyReply?: boolean;
      /** An Instagram story that mentions the account: a message with a `story_mention` attachment. */
      storyMention?: boolean;
      /** A postback button / Get Started / ice-breaker tap: its payload (text is the button title). */
      postbackPayload?: string;
      /** A quick-reply tap: its payload. */
      quickReplyPayload?: string;
      /** The person came from a link with a `ref` (ig.me / m.me), an ad or a QR code (docs/platform-apis.md §1.9). */
      referral?: { ref: string; source: string | null };
      /** A referral alone (`messaging_referrals`): the text is ours ("Opened the conversation…"), not the person's. */
      referralOnly?: boolean;
    }
  | {
      /**
       * A message the account itself sent (Meta `is_echo`): our own sends, or a person replying in
       * Meta's inbox. Stored as outbound; it opens no window and NEVER runs triggers.
       */
      kind: 'echo';
      accountId: string;
      messageId: string;
      /** The contact the account wrote to. */
      to: { id: string };
      text: string;
      createdAt: string;
      /** The `metadata` string we attach to our sends (`rp:<ledgerId>`), echoed back by Messenger. */
      metadata: string | null;
    };

/** Default platform send limits (docs/platform-apis.md §2.6, §4.3); config may lower or raise them. */
export const defaultSendLimits = {
  /** Instagram private replies: 750 per hour per account. */
  private_reply: { perHour: 750, burst: 10 },
  /**
   * Messenger Send API: 300/s per Page; Instagram 100/s (docs/platform-apis.md §7.3: use 100/s). The
   * burst is a tenth of a second's worth: with a burst of a whole second, a broadcast's first second
   * sent twice the documented rate (measured in tests/perf/results/README.md#broadcast).
   */
  dm: { perHour: 100 * 3600, burst: 10 },
  public_reply: { perHour: 3600, burst: 20 },
} as const;
export type SendKind = keyof typeof defaultSendLimits;

/**
 * Where a platform's limit differs from the defaults above (docs/platform-apis.md §2.6, §4.3):
 * Messenger 300 calls/s per Page; X DMs 15 per 15 minutes and replies 100 per 15 minutes per user.
 */
const platformOverrides: Partial<Record<string, Partial<Record<SendKind, { perHour: number; burst: number }>>>> = {
  facebook: { dm: { perHour: 300 * 3600, burst: 30 } },
  twitter: { dm: { perHour: 60, burst: 15 }, public_reply: { perHour: 400, burst: 100 } },
};
export function platformSendLimit(platform: string | null, kind: SendKind): { perHour: number; burst: number } | null {
  return (platform && platformOverrides[platform]?.[kind]) || null;
}
