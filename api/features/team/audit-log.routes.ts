import type pg from 'pg';
import { auditLogQuerySchema } from '../../../contracts/audit';
import { parseAuditCursor, readAuditLog } from '../../../db/audit/read-audit-log';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';
import { parseQuery } from '../../http/validate';

/** The acting workspace's audit log for owners and admins (audit:read), mounted at /api/audit-log. */
export function auditLogRoutes(pool: pg.Pool) {
  const router = authedRouter('audit:read');

  router.get('/', async (req, res) => {
    const q = parseQuery(auditLogQuerySchema, req);
    const cursor = q.cursor === undefined ? undefined : parseAuditCursor(q.cursor);
    if (cursor === null) throw new AppError('BAD_REQUEST', 'Not an audit log cursor', [{ path: 'cursor', message: 'Not an audit log cursor' }]);
    res.json(await readAuditLog(pool, currentUser(req).workspaceId, { ...q, cursor }));
  });

  return router;
}
