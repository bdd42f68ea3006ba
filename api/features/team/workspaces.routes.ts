import type pg from 'pg';
import { switchWorkspaceBodySchema, type WorkspacesResponse } from '../../../contracts/team';
import { switchDefaultWorkspace } from '../../../db/team/members';
import { listUserWorkspaces } from '../../../db/team/workspaces';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody } from '../../http/validate';

/**
 * The workspaces a person belongs to and which one this session acts in (ADR 0038), mounted at
 * /api/workspaces. Not a right of any one workspace: every signed-in person may list and switch.
 */
export function workspacesRoutes(pool: pg.Pool) {
  const router = authedRouter('account:self');

  router.get('/', async (req, res) => {
    const user = currentUser(req);
    const body: WorkspacesResponse = {
      workspaces: (await listUserWorkspaces(pool, user.id)).map((w) => ({ ...w, active: w.id === user.workspaceId })),
    };
    res.json(body);
  });

  // The session acts there from its next request; the user's next new session starts there too.
  router.post('/switch', async (req, res) => {
    const user = currentUser(req);
    const { workspaceId } = parseBody(switchWorkspaceBodySchema, req);
    const membership = user.memberships.find((m) => m.workspaceId === workspaceId);
    if (!membership || !(await switchDefaultWorkspace(pool, user.id, workspaceId))) throw new AppError('NOT_FOUND', 'Workspace not found');
    req.session.workspaceId = workspaceId;
    res.json({ workspaceId, role: membership.role });
  });

  return router;
}
