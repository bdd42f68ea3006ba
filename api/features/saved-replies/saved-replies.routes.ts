import type pg from 'pg';
import { createSavedReplyBodySchema, SAVED_REPLIES_LIMIT, updateSavedReplyBodySchema } from '../../../contracts/saved-replies';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from '../../../db/saved-replies/saved-replies';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';

const notFound = () => new AppError('NOT_FOUND', 'Saved reply not found');
const nameTaken = () => new AppError('CONFLICT', 'A saved reply with this name exists', [{ path: 'name', message: 'A saved reply with this name exists' }]);

/** Saved replies (canned responses) of the workspace, mounted at /api/saved-replies. */
export function savedRepliesRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'inbox:write' });

  router.get('/', async (req, res) => {
    res.json(await listSavedReplies(pool, currentUser(req).workspaceId, SAVED_REPLIES_LIMIT));
  });

  router.post('/', async (req, res) => {
    const { workspaceId } = currentUser(req);
    const body = parseBody(createSavedReplyBodySchema, req);
    const created = await withTransaction(pool, (c) => createSavedReply(c, workspaceId, body, SAVED_REPLIES_LIMIT));
    if (created === 'name_taken') throw nameTaken();
    if (created === 'limit') throw new AppError('CONFLICT', `A workspace keeps at most ${SAVED_REPLIES_LIMIT} saved replies`);
    res.status(201).json(created);
  });

  router.patch('/:id', async (req, res) => {
    const { workspaceId } = currentUser(req);
    const id = idParam(req);
    const updated = await updateSavedReply(pool, workspaceId, id, parseBody(updateSavedReplyBodySchema, req));
    if (updated === 'not_found') throw notFound();
    if (updated === 'name_taken') throw nameTaken();
    res.json(updated);
  });

  router.delete('/:id', async (req, res) => {
    if (!(await deleteSavedReply(pool, currentUser(req).workspaceId, idParam(req)))) throw notFound();
    res.status(204).end();
  });

  return router;
}
