import type pg from 'pg';
import type { Logger } from 'pino';
import {
  adminPlanChangeSchema,
  adminWorkspacesQuerySchema,
  deleteWorkspaceSchema,
  suspendWorkspaceSchema,
  type AdminDeleteResult,
  type AdminInstance,
  type AdminWorkspacesPage,
} from '../../../contracts/admin';
import { isConsoleAdmin, type Config } from '../../../config/config';
import { deleteWorkspaceAsOperator } from '../../../db/admin/delete-workspace';
import { listAdminWorkspaces } from '../../../db/admin/list-workspaces';
import { readAdminInstance } from '../../../db/admin/read-instance';
import { resumeWorkspace, suspendWorkspace } from '../../../db/admin/suspend-workspace';
import { withTransaction } from '../../../db/transaction';
import { setWorkspacePlan } from '../../../db/workspaces/workspace-plan';
import { AppError } from '../../http/errors';
import { adminRouter, currentUser, idParam } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';

/**
 * The admin console's API at /api/admin (contracts/admin.ts, ADR 0042): only for ADMIN_EMAILS
 * (404 for everyone else, api/http/routers.ts adminRouter). Suspend and resume are recorded in the
 * workspace's own audit log with the operator as actor; a delete takes that log with the workspace,
 * so it is written to the server's log instead.
 */
export function adminRoutes(deps: { pool: pg.Pool; config: Config; log: Pick<Logger, 'warn'> }) {
  const { pool, config, log } = deps;
  const router = adminRouter((user) => isConsoleAdmin(config, user));

  router.get('/workspaces', async (req, res) => {
    const body: AdminWorkspacesPage = await listAdminWorkspaces(pool, parseQuery(adminWorkspacesQuerySchema, req));
    res.json(body);
  });

  router.post('/workspaces/:id/suspend', async (req, res) => {
    const id = idParam(req);
    const { reason } = parseBody(suspendWorkspaceSchema, req);
    const result = await suspendWorkspace(pool, id, currentUser(req).id, reason);
    if (result === null) throw new AppError('NOT_FOUND', 'Not found');
    if (result === 'already') throw new AppError('CONFLICT', 'This workspace is already suspended.');
    res.json({ suspended: true, cancelledSends: result.cancelledSends });
  });

  router.post('/workspaces/:id/resume', async (req, res) => {
    const id = idParam(req);
    const result = await resumeWorkspace(pool, id, currentUser(req).id);
    if (result === null) throw new AppError('NOT_FOUND', 'Not found');
    if (result === 'already') throw new AppError('CONFLICT', 'This workspace is not suspended.');
    res.json({ suspended: false });
  });

  // The plan, set by the operator (ADR 0041: without billing, the only way to a paid plan), in the
  // workspace's audit log with the operator as actor (setWorkspacePlan).
  router.patch('/workspaces/:id', async (req, res) => {
    const id = idParam(req);
    const { plan } = parseBody(adminPlanChangeSchema, req);
    const changed = await withTransaction(pool, (client) => setWorkspacePlan(client, id, plan, { actor: { userId: currentUser(req).id }, source: 'admin' }));
    if (changed === undefined) throw new AppError('NOT_FOUND', 'Not found');
    res.json({ plan, previous: changed.previous });
  });

  router.delete('/workspaces/:id', async (req, res) => {
    const id = idParam(req);
    const { confirmName } = parseBody(deleteWorkspaceSchema, req);
    const result = await deleteWorkspaceAsOperator(pool, id, confirmName);
    if (result === null) throw new AppError('NOT_FOUND', 'Not found');
    if (result === 'mismatch')
      throw new AppError('BAD_REQUEST', 'The name typed is not the workspace’s name', { confirmName: ['Type the workspace name exactly'] });
    const operator = currentUser(req);
    // The workspace's audit log went with it: the server's log keeps who deleted what.
    log.warn(
      {
        admin: {
          action: 'workspace.deleted',
          operatorId: operator.id,
          operatorEmail: operator.email,
          workspaceId: id,
          name: result.name,
          usersDeleted: result.usersDeleted,
        },
      },
      'admin deleted a workspace',
    );
    const body: AdminDeleteResult = { deleted: true, usersDeleted: result.usersDeleted };
    res.json(body);
  });

  router.get('/instance', async (_req, res) => {
    const body: AdminInstance = await readAdminInstance(pool, config.workerStaleAfterMs);
    res.json(body);
  });

  return router;
}
