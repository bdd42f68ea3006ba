import type pg from 'pg';
import { checkSendWindow } from '../../../activities/send-windows';
import {
  dismissFailedSendsBodySchema,
  listFailedSendsQuerySchema,
  retryFailedSendsBodySchema,
  type DuplicateRiskDetails,
} from '../../../contracts/failed-sends';
import { countFailedSends, listFailedSends } from '../../../db/failed-sends/read-failed-sends';
import { dismissFailedSends, retryFailedSends } from '../../../db/failed-sends/write-failed-sends';
import type { SendLimits } from '../../../db/sends/send-limits';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';

const notFound = () => new AppError('NOT_FOUND', 'Failed send not found');

/** Failed sends (every outbound message that ended failed or uncertain), mounted at /api/failed-sends. */
export function failedSendsRoutes(pool: pg.Pool, limits: SendLimits) {
  const router = authedRouter({ read: 'workspace:read', write: 'inbox:write' });

  router.get('/', async (req, res) => {
    res.json(await listFailedSends(pool, currentUser(req).workspaceId, parseQuery(listFailedSendsQuerySchema, req)));
  });

  /** The figure for the dashboard: unresolved failed sends of the workspace. */
  router.get('/count', async (req, res) => {
    res.json({ failedSends: await countFailedSends(pool, currentUser(req).workspaceId) });
  });

  router.post('/retry', async (req, res) => {
    const body = parseBody(retryFailedSendsBodySchema, req);
    const results = await retryFailedSends(pool, currentUser(req).workspaceId, body.ids, {
      confirmDuplicateRisk: body.confirmDuplicateRisk,
      limits,
      checkWindow: checkSendWindow,
    });
    if (!results) throw notFound();
    if ('duplicateRisk' in results) {
      const n = results.duplicateRisk.length;
      const details: DuplicateRiskDetails = { duplicateRisk: results.duplicateRisk };
      throw new AppError(
        'BAD_REQUEST',
        `${n === 1 ? 'This message' : `${n} of these messages`} may already have been delivered; retrying may send ${n === 1 ? 'it' : 'them'} twice. Send confirmDuplicateRisk: true to retry anyway`,
        details,
      );
    }
    res.json({ results });
  });

  router.post('/dismiss', async (req, res) => {
    const body = parseBody(dismissFailedSendsBodySchema, req);
    const dismissed = await dismissFailedSends(pool, currentUser(req).workspaceId, body.ids, body.note);
    if (dismissed.length === 0) throw notFound();
    res.json({ dismissed });
  });

  return router;
}
