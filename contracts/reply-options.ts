import { z } from 'zod';

/**
 * Quick replies and buttons a DM carries (docs/platform-apis.md §2.5): the DM node's config, the
 * flow step's activity and the outbound ledger row (`reply_options`) all hold this shape; the Meta
 * send turns it into the Send API's `quick_replies` and button template. X's DM API (v2) has neither
 * (docs/platform-apis.md §4.2), so the compiler refuses them on an X DM at publish.
 */

/** Meta: at most 13 quick replies, titles of at most 20 characters; button titles 20, up to 3 buttons. */
export const META_MAX_QUICK_REPLIES = 13;
export const META_MAX_BUTTONS = 3;
export const META_BUTTON_TEXT_MAX = 640;
export const META_TITLE_MAX = 20;

/** Quick replies Meta fills from the person's profile (hidden when the profile has none). */
export const contactQuickReplyKinds = ['user_email', 'user_phone_number'] as const;
export type ContactQuickReplyKind = (typeof contactQuickReplyKinds)[number];

const title = z.string().trim().min(1, 'Button title is required').max(META_TITLE_MAX, `Button titles are limited to ${META_TITLE_MAX} characters`);

export const replyButton = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('web_url'),
    title,
    url: z
      .string()
      .trim()
      .url('Enter a full link, starting with https://')
      .refine((u) => /^https?:\/\//i.test(u), 'Links start with http:// or https://'),
  }),
  /** A tap sends `payload` back as a postback; absent = the title. */
  z.object({ type: z.literal('postback'), title, payload: z.string().trim().max(1000).optional() }),
]);
export type ReplyButton = z.infer<typeof replyButton>;

export const replyOptionsSchema = z.object({
  quickReplies: z.array(z.string()).default([]),
  contactQuickReplies: z.array(z.enum(contactQuickReplyKinds)).default([]),
  buttons: z.array(replyButton).default([]),
});
export type ReplyOptions = z.infer<typeof replyOptionsSchema>;

/** Null when there is nothing to attach (most sends): the ledger column stays null. */
export function replyOptionsOrNull(o: Partial<ReplyOptions>): ReplyOptions | null {
  const quickReplies = o.quickReplies ?? [];
  const contactQuickReplies = o.contactQuickReplies ?? [];
  const buttons = o.buttons ?? [];
  return quickReplies.length + contactQuickReplies.length + buttons.length === 0 ? null : { quickReplies, contactQuickReplies, buttons };
}
