import type pg from 'pg';
import { audienceQuerySchema, createBroadcastBodySchema, startBroadcastBodySchema } from '../../../contracts/broadcasts';
import { readAudience } from '../../../db/broadcasts/audience';
import { getBroadcast, listBroadcasts, listRecipients } from '../../../db/broadcasts/read-broadcasts';
import {
  cancelBroadcast,
  createBroadcast,
  pauseBroadcast,
  resumeBroadcast,
  retryFailed,
  startBroadcast,
  type ControlResult,
} from '../../../db/broadcasts/write-broadcasts';
import { AppError } from '../../http/errors';
import { authedRouter, can, currentActor, currentUser, idParam } from '../../http/routers';
import { auditHook } from '../../../db/audit/record-audit';
import { parseBody } from '../../http/validate';

const notFound = () => new AppError('NOT_FOUND', 'Broadcast not found');

/** Broadcasts (ARCHITECTURE.md#broadcasts), mounted at /api/broadcasts. */
export function broadcastsRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'broadcasts:write' });

  const current = async (workspaceId: string, id: string) => {
    const b = await getBroadcast(pool, workspaceId, id);
    if (!b) throw notFound();
    return b;
  };
  const checked = (result: ControlResult, action: string) => {
    if (result === 'not_found') throw notFound();
    if (result === 'conflict') throw new AppError('CONFLICT', `This broadcast cannot be ${action} in its current state`);
  };

  router.get('/', async (req, res) => {
    res.json({ broadcasts: await listBroadcasts(pool, currentUser(req).workspaceId) });
  });

  /** The audience of a segment, split by Meta's rules, before anything is saved. */
  router.post('/audience', can('workspace:read'), async (req, res) => {
    const { segment } = parseBody(audienceQuerySchema, req);
    res.json(await readAudience(pool, currentUser(req).workspaceId, segment));
  });

  router.post('/', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = await createBroadcast(pool, workspaceId, parseBody(createBroadcastBodySchema, req));
    res.status(201).json(await current(workspaceId, id));
  });

  router.get('/:id', async (req, res) => {
    res.json(await current(currentUser(req).workspaceId, idParam(req)));
  });

  router.get('/:id/audience', async (req, res) => {
    const b = await current(currentUser(req).workspaceId, idParam(req));
    res.json(await readAudience(pool, currentUser(req).workspaceId, b.segment));
  });

  router.get('/:id/recipients', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const b = await current(workspaceId, idParam(req));
    res.json({ recipients: await listRecipients(pool, workspaceId, b.id, req.query.all !== '1') });
  });

  /** Send now or at runAt. A second start (double click) changes nothing and answers the same broadcast. */
  router.post('/:id/start', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const { runAt } = parseBody(startBroadcastBodySchema, req);
    const { id, name } = await current(workspaceId, idParam(req));
    const audit = auditHook(currentActor(req), { action: runAt ? 'broadcast.scheduled' : 'broadcast.started', target: { type: 'broadcast', id, label: name } });
    const result = await startBroadcast(pool, workspaceId, id, runAt ? new Date(runAt) : null, audit);
    if (result === 'not_found') throw notFound();
    if (result === 'finished') throw new AppError('CONFLICT', 'This broadcast has finished; make a new one to send again');
    res.json(await current(workspaceId, idParam(req)));
  });

  for (const [action, fn, past] of [
    ['pause', pauseBroadcast, 'paused'],
    ['resume', resumeBroadcast, 'resumed'],
    ['cancel', cancelBroadcast, 'cancelled'],
  ] as const) {
    router.post(`/:id/${action}`, async (req, res) => {
      const workspaceId = currentUser(req).workspaceId;
      const { id, name } = await current(workspaceId, idParam(req));
      const audit =
        action === 'cancel' ? auditHook(currentActor(req), { action: 'broadcast.cancelled', target: { type: 'broadcast', id, label: name } }) : undefined;
      checked(await fn(pool, workspaceId, id, audit), past);
      res.json(await current(workspaceId, idParam(req)));
    });
  }

  router.post('/:id/retry-failed', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const { result, retried } = await retryFailed(pool, workspaceId, idParam(req));
    checked(result, 'retried');
    res.json({ retried, broadcast: await current(workspaceId, idParam(req)) });
  });

  return router;
}
