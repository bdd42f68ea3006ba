import { z } from 'zod';
import { messageText } from './shared';

/** instagramDM, messengerDM, twitterDM: send a direct message (one schema for the three channels). */
export const dmConfig = z.object({
  text: messageText.max(1000, 'Messages are limited to 1,000 characters'),
  /** Up to 13 quick replies of up to 20 characters (docs/platform-apis.md §2.5). */
  quickReplies: z.array(z.string().trim().min(1).max(20, 'Quick replies are limited to 20 characters')).max(13).default([]),
  /**
   * Wrap the message's http(s) URLs as tracked links (PUBLIC_URL/l/<code>) so clicks count. Off for
   * nodes saved before the option existed; on for new nodes (dmDefault).
   */
  trackLinks: z.boolean().default(false),
});

/** Empty text on purpose: the user writes the message, and the editor flags it until then. */
export const dmDefault = { text: '', quickReplies: [], trackLinks: true } satisfies z.infer<typeof dmConfig>;
