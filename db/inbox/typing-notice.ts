import type pg from 'pg';
import { z } from 'zod';
import { typingModes, type TypingNotice } from '../../contracts/ws';

/** NOTIFY channel of "someone is typing" (contracts/ws.ts): every web process hands it to the workspace's other sockets. */
export const TYPING_CHANNEL = 'replypilot_typing';

export const typingNotificationSchema = z.object({
  workspaceId: z.string().min(1),
  conversationId: z.string().min(1),
  userId: z.string().min(1),
  name: z.string(),
  mode: z.enum(typingModes),
  active: z.boolean(),
});
export type TypingNotification = TypingNotice & { workspaceId: string };

/**
 * Sends a typing notice to every web process if the conversation is the workspace's (one
 * statement: the tenant check and the NOTIFY). False: no such conversation in that workspace, and
 * nothing was sent. Nothing is stored; the NOTIFY's transaction commits with synchronous_commit off
 * (as db/notify.ts notifyAfterCommit, ADR 0029): a notice lost in a crash costs a hint, never data.
 */
export async function notifyTyping(pool: Pick<pg.Pool, 'query'>, notice: TypingNotification): Promise<boolean> {
  const { rowCount } = await pool.query({
    name: 'notify-typing',
    text: `with async as (select set_config('synchronous_commit', 'off', true))
     select pg_notify($1, $2) from async, conversations c where c.workspace_id = $3 and c.id = $4`,
    values: [TYPING_CHANNEL, JSON.stringify(notice), notice.workspaceId, notice.conversationId],
  });
  return rowCount === 1;
}
