import type pg from 'pg';
import { listConversationsQuerySchema, listMessagesQuerySchema, sendMessageBodySchema, updateConversationBodySchema } from '../../../contracts/inbox';
import { readContactPanel } from '../../../db/inbox/read-contact-panel';
import { getConversation, listConversations, listMessages } from '../../../db/inbox/read-inbox';
import { sendInboxReply } from '../../../db/inbox/send-inbox-reply';
import { updateConversation } from '../../../db/inbox/update-conversation';
import { pauseAutomation, resumeAutomation } from '../../../db/inbox/automation-pause';
import { recordAudit } from '../../../db/audit/record-audit';
import { automationBodySchema } from '../../../contracts/takeover';
import { notifyWorkspace } from '../../../db/notify';
import type { SendLimits } from '../../../db/sends/send-limits';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';
import type { Reads } from '../../http/read-your-writes';
import { authedRouter, currentActor, currentUser, idParam } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';
import { decodeCursor, withDecodedCursor } from './inbox.cursor';

const notFound = () => new AppError('NOT_FOUND', 'Conversation not found');

/**
 * The inbox (docs/product-spec.md §5), mounted at /api/conversations. The list, the search and a
 * thread's pages read from the read replica when there is one (ADR 0039).
 */
export function inboxRoutes(pool: pg.Pool, limits: SendLimits, reads: Reads) {
  const router = authedRouter({ read: 'workspace:read', write: 'inbox:write' });

  router.get('/', async (req, res) => {
    const q = withDecodedCursor(parseQuery(listConversationsQuerySchema, req));
    res.json(await listConversations(await reads.for(req), currentUser(req).workspaceId, q));
  });

  router.get('/:id', async (req, res) => {
    const conversation = await getConversation(pool, currentUser(req).workspaceId, idParam(req));
    if (!conversation) throw notFound();
    res.json(conversation);
  });

  router.get('/:id/contact', async (req, res) => {
    const panel = await readContactPanel(pool, currentUser(req).workspaceId, idParam(req));
    if (!panel) throw notFound();
    res.json(panel);
  });

  router.get('/:id/messages', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const q = parseQuery(listMessagesQuerySchema, req);
    const db = await reads.for(req);
    if (!(await getConversation(db, workspaceId, id))) throw notFound();
    res.json(await listMessages(db, workspaceId, id, { ...q, before: q.before ? decodeCursor(q.before) : undefined }));
  });

  router.post('/:id/messages', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const { content } = parseBody(sendMessageBodySchema, req);
    // Thrown inside the transaction so a refusal rolls the queued rows back.
    const message = await withTransaction(pool, async (client) => {
      const sent = await sendInboxReply(client, workspaceId, id, content, limits.dm, currentUser(req).id);
      if (sent === 'not_found') throw notFound();
      if (sent === 'not_queued') throw new AppError('INTERNAL', 'Could not queue the message');
      return sent;
    });
    res.status(201).json({ success: true, message });
  });

  // Human takeover (contracts/takeover.ts): "Resume automation", or pause it without replying.
  router.post('/:id/automation', async (req, res) => {
    const actor = currentActor(req);
    const id = idParam(req);
    const { paused } = parseBody(automationBodySchema, req);
    await withTransaction(pool, async (client) => {
      const contact = paused ? await pauseAutomation(client, actor.workspaceId, id, actor.userId) : await resumeAutomation(client, actor.workspaceId, id);
      if (!contact) throw notFound();
      await recordAudit(client, actor, {
        action: paused ? 'automation.paused' : 'automation.resumed',
        target: { type: 'conversation', id, label: contact.label },
      });
    });
    await notifyWorkspace(pool, actor.workspaceId, { type: 'conversation.updated', conversationId: id });
    res.json(await getConversation(pool, actor.workspaceId, id));
  });

  router.patch('/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const body = parseBody(updateConversationBodySchema, req);
    if (!(await updateConversation(pool, workspaceId, id, body))) throw notFound();
    await notifyWorkspace(pool, workspaceId, { type: 'conversation.updated', conversationId: id });
    res.json(await getConversation(pool, workspaceId, id));
  });

  return router;
}
