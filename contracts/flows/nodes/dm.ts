import { z } from 'zod';
import { contactQuickReplyKinds, META_MAX_BUTTONS, META_MAX_QUICK_REPLIES, replyButton } from '../../reply-options';
import { messageText } from './shared';

/** instagramDM, messengerDM, twitterDM: send a direct message (one schema for the three channels). */
export const dmConfig = z.object({
  text: messageText.max(1000, 'Messages are limited to 1,000 characters'),
  /** Up to 13 quick replies of up to 20 characters (docs/platform-apis.md §2.5). */
  quickReplies: z
    .array(z.string().trim().min(1).max(20, 'Quick replies are limited to 20 characters'))
    .max(META_MAX_QUICK_REPLIES, `At most ${META_MAX_QUICK_REPLIES} quick replies`)
    .default([]),
  /**
   * Quick replies Meta fills in from the person's profile (their email, their phone number); one tap
   * sends it. Count toward the 13 (docs/platform-apis.md §2.5). Absent in nodes saved before.
   */
  contactQuickReplies: z.array(z.enum(contactQuickReplyKinds)).max(2).default([]),
  /** Up to 3 buttons (a link, or a postback the flow can react to): sent as Meta's button template. */
  buttons: z.array(replyButton).max(META_MAX_BUTTONS, `At most ${META_MAX_BUTTONS} buttons`).default([]),
  /**
   * Wrap the message's http(s) URLs as tracked links (PUBLIC_URL/l/<code>) so clicks count. Off for
   * nodes saved before the option existed; on for new nodes (dmDefault).
   */
  trackLinks: z.boolean().default(false),
});

/** Empty text on purpose: the user writes the message, and the editor flags it until then. */
export const dmDefault = { text: '', quickReplies: [], contactQuickReplies: [], buttons: [], trackLinks: true } satisfies z.infer<typeof dmConfig>;
