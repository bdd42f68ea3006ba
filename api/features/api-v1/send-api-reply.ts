import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { ApiKeyPrincipal } from '../../../db/api-keys/api-keys';
import { onceByKey } from '../../../db/api-keys/idempotency';
import { sendInboxReply } from '../../../db/inbox/send-inbox-reply';
import type { SendLimits } from '../../../db/sends/send-limits';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';

/**
 * An API key's reply in a conversation, exactly as a reply from the inbox (sendInboxReply: the send
 * ledger, window checks, pacing, opt-out, and it takes the conversation over from automation), the
 * key's creator as the one who replies. With an idempotency key, the same key again answers the first
 * reply (claimed in the send's transaction), and the same key for other content is a 409. Shared by
 * POST /api/v1/conversations/:id/messages and the MCP server's send_reply tool, so one key means the
 * same reply from either.
 */
export async function sendApiReply(
  deps: { pool: pg.Pool; limits: SendLimits },
  key: ApiKeyPrincipal,
  conversationId: string,
  content: string,
  idempotencyKey?: string,
): Promise<{ status: number; body: unknown }> {
  const send = async (client: pg.PoolClient) => {
    // A key never outlives its creator's membership (apiKeyAuth), so createdBy is set.
    const sent = await sendInboxReply(client, key.workspaceId, conversationId, content, deps.limits.dm, key.createdBy!);
    if (sent === 'not_found') throw new AppError('NOT_FOUND', 'Conversation not found');
    if (sent === 'not_queued') throw new AppError('INTERNAL', 'Could not queue the message');
    return { status: 201, body: { message: sent } as unknown };
  };
  if (idempotencyKey === undefined) return withTransaction(deps.pool, send);
  const requestHash = createHash('sha256')
    .update(`POST /conversations/${conversationId}/messages\n${JSON.stringify({ content })}`)
    .digest('hex');
  const answer = await withTransaction(deps.pool, (client) =>
    onceByKey(client, { workspaceId: key.workspaceId, key: idempotencyKey, requestHash }, () => send(client)),
  );
  if (answer === 'mismatch') throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request');
  return answer;
}
