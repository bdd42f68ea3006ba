import type pg from 'pg';
import { listRunsQuerySchema } from '../../../contracts/flows';
import { cancelRun, replayRun, retryRun, type RunRefusal } from '../../../db/flows/run-operators';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { parseQuery } from '../../http/validate';
import { getRunDetail, getRunSummary, listRuns } from '../../../db/flows/read-runs';
import { withDecodedCursor } from '../inbox/inbox.cursor';

const runNotFound = () => new AppError('NOT_FOUND', 'Run not found');

/** A refused operator action as the HTTP error it answers. */
function refused(refusal: RunRefusal, action: 'retry' | 'cancel' | 'replay'): AppError {
  if (refusal === 'not_found') return runNotFound();
  if (refusal === 'live_run_exists') return new AppError('CONFLICT', 'This contact is already in a live run of this flow');
  if (action === 'retry') return new AppError('CONFLICT', 'Only a failed run can be retried from its failed step');
  return new AppError('CONFLICT', `The run is already ${refusal.notAllowed}`);
}

/** Flow runs and their operators (ARCHITECTURE.md#flow-runtime), mounted at /api/runs. */
export function runsRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'flows:write' });

  router.get('/', async (req, res) => {
    res.json(await listRuns(pool, currentUser(req).workspaceId, withDecodedCursor(parseQuery(listRunsQuerySchema, req))));
  });

  router.get('/:id', async (req, res) => {
    const run = await getRunDetail(pool, currentUser(req).workspaceId, idParam(req));
    if (!run) throw runNotFound();
    res.json(run);
  });

  // Refusals are thrown inside the transaction so that whatever the operation wrote rolls back.
  router.post('/:id/retry', async (req, res) => {
    const { workspaceId } = currentUser(req);
    const id = idParam(req);
    await withTransaction(pool, async (c) => {
      const refusal = await retryRun(c, workspaceId, id);
      if (refusal) throw refused(refusal, 'retry');
    });
    res.json(await getRunSummary(pool, workspaceId, id));
  });

  router.post('/:id/replay', async (req, res) => {
    const { workspaceId } = currentUser(req);
    const id = idParam(req);
    const newId = await withTransaction(pool, async (c) => {
      const replayed = await replayRun(c, workspaceId, id);
      if (typeof replayed === 'object' && 'runId' in replayed) return replayed.runId;
      throw refused(replayed, 'replay');
    });
    res.status(201).json(await getRunSummary(pool, workspaceId, newId));
  });

  router.post('/:id/cancel', async (req, res) => {
    const { workspaceId } = currentUser(req);
    const id = idParam(req);
    await withTransaction(pool, async (c) => {
      const refusal = await cancelRun(c, workspaceId, id);
      if (refusal) throw refused(refusal, 'cancel');
    });
    res.json(await getRunSummary(pool, workspaceId, id));
  });

  return router;
}
