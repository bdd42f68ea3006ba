import type pg from 'pg';
import {
  addNoteBodySchema,
  bulkAssignBodySchema,
  listConversationsQuerySchema,
  listMessagesQuerySchema,
  sendMessageBodySchema,
  updateConversationBodySchema,
  type BulkAssignResult,
} from '../../../contracts/inbox';
import { addNote } from '../../../db/inbox/add-note';
import { assignConversations } from '../../../db/inbox/assign-conversations';
import { queuePush } from '../../../db/push/queue-push';
import { readContactPanel } from '../../../db/inbox/read-contact-panel';
import { getConversation, listConversations, listMessages } from '../../../db/inbox/read-inbox';
import { sendInboxReply } from '../../../db/inbox/send-inbox-reply';
import { updateConversation } from '../../../db/inbox/update-conversation';
import { pauseAutomation, resumeAutomation } from '../../../db/inbox/automation-pause';
import { recordAudit } from '../../../db/audit/record-audit';
import { recordAssignments } from '../../../db/audit/record-assignments';
import { automationBodySchema } from '../../../contracts/takeover';
import { notifyWorkspace, notifyWorkspaceMany } from '../../../db/notify';
import type { SendLimits } from '../../../db/sends/send-limits';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';
import type { Reads } from '../../http/read-your-writes';
import { authedRouter, currentActor, currentUser, idParam } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';
import { assigneeRemoved, checkAssignee } from './assignee';
import { decodeCursor, withDecodedCursor } from './inbox.cursor';

const notFound = () => new AppError('NOT_FOUND', 'Conversation not found');
const rethrowAssignee = (err: unknown): never => {
  throw assigneeRemoved(err) ?? err;
};

/**
 * The inbox (docs/product-spec.md §5), mounted at /api/conversations. The list, the search and a
 * thread's pages read from the read replica when there is one (ADR 0039).
 */
export function inboxRoutes(pool: pg.Pool, limits: SendLimits, reads: Reads) {
  const router = authedRouter({ read: 'workspace:read', write: 'inbox:write' });

  router.get('/', async (req, res) => {
    const { assignee, ...q } = withDecodedCursor(parseQuery(listConversationsQuerySchema, req));
    const user = currentUser(req);
    const assigneeId = assignee === 'me' ? user.id : assignee === 'unassigned' ? null : assignee;
    res.json(await listConversations(await reads.for(req), user.workspaceId, { ...q, assigneeId }));
  });

  // Before '/:id' routes of the same method; assignment is inbox:write (viewers 403, agents may).
  // Audited per conversation (db/audit/record-assignments.ts), as the thread's PATCH is.
  router.post('/assign', async (req, res) => {
    const { workspaceId, id: userId } = currentUser(req);
    const { conversationIds, assigneeId } = parseBody(bulkAssignBodySchema, req);
    await checkAssignee(pool, workspaceId, assigneeId);
    const changed = await withTransaction(pool, async (client) => {
      const changes = await assignConversations(client, workspaceId, conversationIds, assigneeId).catch(rethrowAssignee);
      if (changes === 'not_found') throw new AppError('NOT_FOUND', 'One or more conversations were not found');
      const ids = changes.map((c) => c.id);
      await recordAssignments(client, workspaceId, userId, changes, assigneeId);
      await pushAssignment(client, workspaceId, ids, assigneeId, userId);
      await notifyWorkspaceMany(
        client,
        workspaceId,
        ids.map((conversationId) => ({ type: 'conversation.updated', conversationId })),
      );
      return ids;
    });
    const result: BulkAssignResult = { updated: changed.length };
    res.json(result);
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

  // A note is never sent: stored as a message of kind note, never queued (db/inbox/add-note.ts).
  router.post('/:id/notes', async (req, res) => {
    const user = currentUser(req);
    const { content } = parseBody(addNoteBodySchema, req);
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    const added = await withTransaction(pool, (client) => addNote(client, user.workspaceId, idParam(req), { id: user.id, name }, content));
    if (added === 'not_found') throw notFound();
    res.status(201).json({ note: added.note, mentioned: added.mentioned });
  });

  router.patch('/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const body = parseBody(updateConversationBodySchema, req);
    if (body.assigneeId !== undefined) await checkAssignee(pool, workspaceId, body.assigneeId);
    await withTransaction(pool, async (client) => {
      const updated = await updateConversation(client, workspaceId, id, body).catch(rethrowAssignee);
      if (!updated) throw notFound();
      if (!updated.assigneeChanged) return;
      const assigneeId = body.assigneeId ?? null;
      await recordAssignments(client, workspaceId, currentUser(req).id, [{ id, fromId: updated.fromId }], assigneeId);
      await pushAssignment(client, workspaceId, [id], assigneeId, currentUser(req).id);
    });
    await notifyWorkspace(pool, workspaceId, { type: 'conversation.updated', conversationId: id });
    res.json(await getConversation(pool, workspaceId, id));
  });

  return router;
}

/** A conversation given to a member by someone else tells their devices (ADR 0045), in the assignment's transaction. */
async function pushAssignment(client: pg.PoolClient, workspaceId: string, ids: string[], assigneeId: string | null, byUserId: string): Promise<void> {
  if (assigneeId === null || assigneeId === byUserId || ids.length === 0) return;
  await queuePush(client, { kind: 'assigned', workspaceId, conversationIds: ids, assigneeId, byUserId }, { workspaceId, userIds: [assigneeId] });
}
