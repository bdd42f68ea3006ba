import { z } from 'zod';
import type { InboxEvent } from './inbox';

/**
 * "Someone else is replying": a member typing in a thread's composer tells the workspace's other
 * sockets (api/ws/typing.ts). Ephemeral, never stored. The browser sends at most one `typing` per
 * thread every TYPING_THROTTLE_MS while keys are pressed, and `active: false` when it sends or
 * leaves; others show the line until TYPING_SHOWN_MS after the last notice.
 */
export const TYPING_THROTTLE_MS = 2_500;
export const TYPING_SHOWN_MS = 6_000;
export const typingModes = ['reply', 'note'] as const;
export type TypingMode = (typeof typingModes)[number];

const typingMessageSchema = z
  .object({
    type: z.literal('typing'),
    conversationId: z.uuid('conversationId must be a conversation id'),
    mode: z.enum(typingModes, { error: 'mode must be reply or note' }),
    active: z.boolean().default(true),
  })
  .strict();

/** Messages a browser may send on /ws. A bare "ping" text frame is accepted too (docs/product-spec.md §7). */
export const wsClientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') }), typingMessageSchema]);
export type WsClientMessage = z.input<typeof wsClientMessageSchema>;

/** What the other members' sockets hear: who is typing where (never the typist's own sockets). */
export interface TypingNotice {
  conversationId: string;
  userId: string;
  /** The member's name as the inbox shows it (first and last name, else the email). */
  name: string;
  mode: TypingMode;
  /** False: they sent or left; hide the line now. */
  active: boolean;
}

export type WsServerMessage =
  | { type: 'pong'; at: string }
  | { type: 'hello'; authenticated: boolean }
  | { type: 'error'; error: string }
  /** Events may have been missed (the server's LISTEN connection was down): refetch what is shown. */
  | { type: 'resync' }
  /** A change in the signed-in user's workspace (inbox, messages, simulator outbox). */
  | { type: 'event'; event: InboxEvent }
  | ({ type: 'typing' } & TypingNotice);
