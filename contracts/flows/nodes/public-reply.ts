import { z } from 'zod';
import { messageText } from './shared';

/** publicReply: reply publicly to the triggering comment. */
export const publicReplyConfig = z.object({ text: messageText.max(2200, 'Replies are limited to 2,200 characters') });

/** Empty text on purpose: the user writes the reply. */
export const publicReplyDefault = { text: '' } satisfies z.infer<typeof publicReplyConfig>;
