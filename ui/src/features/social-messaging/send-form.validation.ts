import type { SocialChannel } from './social-messaging.api';

export interface SendDraft {
  pageId: string;
  recipientId: string;
  message: string;
}

/** docs/product-spec.md §5: page, recipient id and message are all required. */
export function isDraftComplete(d: SendDraft): boolean {
  return d.pageId.trim() !== '' && d.recipientId.trim() !== '' && d.message.trim() !== '';
}

export const missingInformation = {
  title: 'Missing Information',
  description: 'Please select a page, enter recipient ID, and write a message',
};

const names: Record<SocialChannel, string> = { facebook: 'Facebook', instagram: 'Instagram' };

/** docs/product-spec.md §8 "Social send" wording. */
export function sendToasts(channel: SocialChannel) {
  return {
    sent: { title: 'Message Sent!', description: `Your ${names[channel]} message was sent successfully` },
    failedFallback: `Failed to send ${names[channel]} message`,
  };
}
