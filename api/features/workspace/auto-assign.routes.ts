import type pg from 'pg';
import { autoAssignSettingsSchema, availabilityBodySchema } from '../../../contracts/auto-assign';
import { recordAudit } from '../../../db/audit/record-audit';
import { readAutoAssign, setAvailability, writeAutoAssignMode } from '../../../db/team/presence';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';
import { authedRouter, can, currentActor } from '../../http/routers';
import { parseBody } from '../../http/validate';

/**
 * Automatic assignment (contracts/auto-assign.ts), mounted at /api/settings/auto-assign: the
 * workspace's mode (Settings → Inbox; owners and admins change it, audited) and the signed-in
 * member's own availability for round-robin (the inbox; any role that can reply).
 */
export function autoAssignRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'settings:manage' });
  router.get('/', async (req, res) => {
    const actor = currentActor(req);
    res.json(await readAutoAssign(pool, actor.workspaceId, actor.userId));
  });
  router.put('/', async (req, res) => {
    const actor = currentActor(req);
    const { mode } = parseBody(autoAssignSettingsSchema, req);
    await withTransaction(pool, async (client) => {
      const before = await writeAutoAssignMode(client, actor.workspaceId, mode);
      if (before === null) throw new AppError('NOT_FOUND', 'Workspace not found');
      if (before !== mode) {
        await recordAudit(client, actor, {
          action: 'auto_assign.changed',
          target: { type: 'workspace', id: actor.workspaceId },
          details: { from: before, to: mode },
        });
      }
    });
    res.json(await readAutoAssign(pool, actor.workspaceId, actor.userId));
  });
  // Viewers cannot be given conversations, so they have no availability to set.
  router.put('/me', can('inbox:write'), async (req, res) => {
    const actor = currentActor(req);
    const { available } = parseBody(availabilityBodySchema, req);
    await setAvailability(pool, actor.workspaceId, actor.userId, available);
    res.json(await readAutoAssign(pool, actor.workspaceId, actor.userId));
  });
  return router;
}
