import type pg from 'pg';
import { takeoverSettingsSchema, type TakeoverSettings } from '../../../contracts/takeover';
import { recordAudit } from '../../../db/audit/record-audit';
import { readQuietHours, writeQuietHours } from '../../../db/inbox/automation-pause';
import { withTransaction } from '../../../db/transaction';
import { authedRouter, currentActor, currentUser } from '../../http/routers';
import { parseBody } from '../../http/validate';

/**
 * Settings → Inbox, mounted at /api/settings/takeover: how long a member's reply pauses automation
 * for that contact before it resumes by itself (contracts/takeover.ts). A pause already running
 * keeps its end; the next reply uses the new quiet time.
 */
export function takeoverRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'settings:manage' });
  router.get('/', async (req, res) => {
    const body: TakeoverSettings = { quietHours: await readQuietHours(pool, currentUser(req).workspaceId) };
    res.json(body);
  });
  router.put('/', async (req, res) => {
    const actor = currentActor(req);
    const { quietHours } = parseBody(takeoverSettingsSchema, req);
    await withTransaction(pool, async (client) => {
      const before = await readQuietHours(client, actor.workspaceId);
      await writeQuietHours(client, actor.workspaceId, quietHours);
      await recordAudit(client, actor, {
        action: 'takeover.settings_changed',
        target: { type: 'workspace', id: actor.workspaceId },
        details: { from: before, to: quietHours },
      });
    });
    const body: TakeoverSettings = { quietHours };
    res.json(body);
  });
  return router;
}
