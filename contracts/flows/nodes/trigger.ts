import { z } from 'zod';

/** trigger: what starts a run. */
export const triggerConfig = z.object({
  /**
   * keyword_dm: a DM containing a keyword; comment: a comment on a post; story_reply: a reply to a
   * story; story_mention: an Instagram story that mentions the account (docs/platform-apis.md §1.6);
   * postback: a tap on an ice breaker or persistent-menu item whose payload is `flow:<this flow's id>`
   * or `payload`; referral: a person who opened the conversation from a growth link (ig.me / m.me
   * `?ref=`) that points at this flow, or whose ref is `ref` (docs/platform-apis.md §1.9).
   */
  type: z.enum(['keyword_dm', 'comment', 'story_reply', 'story_mention', 'postback', 'referral']),
  keywords: z.array(z.string().trim().min(1).max(100)).max(30).default([]),
  /** One connected account, or null for any account of the flow's platform. */
  accountId: z.uuid().nullable().default(null),
  /** comment triggers: a specific post id, or null for every post. */
  postId: z.string().trim().max(200).nullable().default(null),
  /** comment triggers: every comment (absent too), comments on posts and reels only, or Instagram Live comments only (docs/platform-apis.md §1.6). */
  commentsOn: z.enum(['all', 'posts', 'live']).optional(),
  /** postback triggers: a payload of one's own (besides `flow:<flowId>`); Meta allows 1,000 characters. */
  payload: z.string().trim().min(1).max(1000).nullish(),
  /** referral triggers: a ref of one's own (besides growth links pointing at the flow); Meta's ref alphabet. */
  ref: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_=-]{1,2083}$/, 'A ref is letters, digits, -, _ and = only')
    .nullish(),
});

export const triggerDefault = { type: 'keyword_dm', keywords: [], accountId: null, postId: null } satisfies z.infer<typeof triggerConfig>;
