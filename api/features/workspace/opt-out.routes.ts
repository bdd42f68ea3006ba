import type pg from 'pg';
import type { OptOutSettingsBody } from '../../../contracts/opt-out';
import { optOutSettingsSchema } from '../../../contracts/opt-out';
import { readOptOutSettings, writeOptOutSettings } from '../../../db/workspaces/opt-out-settings';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody } from '../../http/validate';

/**
 * Settings → Opt-out, mounted at /api/settings/opt-out: the words that opt a contact out of (and back
 * into) automated messages, and the one confirmation each gets (contracts/opt-out.ts). DELETE goes
 * back to the defaults.
 */
export function optOutRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'settings:manage' });
  router.get('/', async (req, res) => {
    const body: OptOutSettingsBody = await readOptOutSettings(pool, currentUser(req).workspaceId);
    res.json(body);
  });
  router.put('/', async (req, res) => {
    const settings = parseBody(optOutSettingsSchema, req);
    const body: OptOutSettingsBody = await writeOptOutSettings(pool, currentUser(req).workspaceId, settings);
    res.json(body);
  });
  router.delete('/', async (req, res) => {
    const body: OptOutSettingsBody = await writeOptOutSettings(pool, currentUser(req).workspaceId, null);
    res.json(body);
  });
  return router;
}
