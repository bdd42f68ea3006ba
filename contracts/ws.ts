import { z } from 'zod';
import type { InboxEvent } from './inbox';

/** Messages a browser may send on /ws. A bare "ping" text frame is accepted too (docs/product-spec.md §7). */
export const wsClientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

export type WsServerMessage =
  | { type: 'pong'; at: string }
  | { type: 'hello'; authenticated: boolean }
  | { type: 'error'; error: string }
  /** Events may have been missed (the server's LISTEN connection was down): refetch what is shown. */
  | { type: 'resync' }
  /** A change in the signed-in user's workspace (inbox, messages, simulator outbox). */
  | { type: 'event'; event: InboxEvent };
