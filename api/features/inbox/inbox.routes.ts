import type pg from 'pg';
import {
  listConversationsQuerySchema,
  listMessagesQuerySchema,
  sendMessageBodySchema,
  updateConversationBodySchema,
} from '../../../contracts/inbox';
import { notifyWorkspace } from '../../../db/pipeline/notify';
import { queueOutboundMessage } from '../../../db/pipeline/queue-outbound-message';
import type { SendLimits } from '../../../db/pipeline/send-limits';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';
import { getConversation, listConversations, listMessages, messageColumns, messageRow, toMessage } from './inbox.repo';

const notFound = () => new AppError('NOT_FOUND', 'Conversation not found');

export function inboxRoutes(pool: pg.Pool, limits: SendLimits) {
  const router = authedRouter();

  router.get('/api/conversations', async (req, res) => {
    const q = parseQuery(listConversationsQuerySchema, req);
    res.json(await listConversations(pool, currentUser(req).workspaceId, q));
  });

  router.get('/api/conversations/:id', async (req, res) => {
    const conversation = await getConversation(pool, currentUser(req).workspaceId, idParam(req));
    if (!conversation) throw notFound();
    res.json(conversation);
  });

  router.get('/api/conversations/:id/messages', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const q = parseQuery(listMessagesQuerySchema, req);
    if (!(await getConversation(pool, workspaceId, id))) throw notFound();
    res.json(await listMessages(pool, workspaceId, id, q));
  });

  router.post('/api/conversations/:id/messages', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const { content } = parseBody(sendMessageBodySchema, req);
    const client = await pool.connect();
    try {
      await client.query('begin');
      const conv = await client.query<{ account_id: string; external_user_id: string }>(
        'select account_id, external_user_id from conversations where workspace_id = $1 and id = $2 for update',
        [workspaceId, id],
      );
      const row = conv.rows[0];
      if (!row) throw notFound();
      // The message is its own idempotency key (`inbox:<message id>`): every post is a new send.
      const queued = await queueOutboundMessage(client, {
        workspaceId,
        accountId: row.account_id,
        conversationId: id,
        text: content,
        source: 'inbox',
        kind: 'dm',
        target: row.external_user_id,
        idempotencyKey: (messageId) => `inbox:${messageId}`,
        limit: limits.dm,
        markRead: true,
      });
      if (!queued?.messageId) throw new AppError('INTERNAL', 'Could not queue the message');
      const inserted = await client.query(`select ${messageColumns} from messages m where m.id = $1`, [queued.messageId]);
      const message = toMessage(messageRow.parse(inserted.rows[0]));
      await client.query('commit');
      res.status(201).json({ success: true, message });
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  });

  router.patch('/api/conversations/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const body = parseBody(updateConversationBodySchema, req);
    const sets: string[] = [];
    const params: unknown[] = [workspaceId, id];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (body.status) set('status', body.status);
    if (body.priority) set('priority', body.priority);
    if (body.tags) set('tags', body.tags);
    if (body.read) sets.push('unread_count = 0');
    const updated = await pool.query(
      `update conversations set ${sets.join(', ')}, updated_at = now() where workspace_id = $1 and id = $2 returning id`,
      params,
    );
    if (updated.rowCount === 0) throw notFound();
    await notifyWorkspace(pool, workspaceId, { type: 'conversation.updated', conversationId: id });
    res.json(await getConversation(pool, workspaceId, id));
  });

  return router;
}
