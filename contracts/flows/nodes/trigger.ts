import { z } from 'zod';

/** trigger: what starts a run. */
export const triggerConfig = z.object({
  /**
   * keyword_dm: a DM containing a keyword; comment: a comment on a post; story_reply: a reply to a
   * story; story_mention: an Instagram story that mentions the account (docs/platform-apis.md §1.6).
   */
  type: z.enum(['keyword_dm', 'comment', 'story_reply', 'story_mention']),
  keywords: z.array(z.string().trim().min(1).max(100)).max(30).default([]),
  /** One connected account, or null for any account of the flow's platform. */
  accountId: z.uuid().nullable().default(null),
  /** comment triggers: a specific post id, or null for every post. */
  postId: z.string().trim().max(200).nullable().default(null),
});

export const triggerDefault = { type: 'keyword_dm', keywords: [], accountId: null, postId: null } satisfies z.infer<typeof triggerConfig>;
