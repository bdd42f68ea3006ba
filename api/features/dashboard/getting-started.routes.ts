import type pg from 'pg';
import type { GettingStarted } from '../../../contracts/getting-started';
import { allDone, closeGettingStarted, readGettingStarted } from '../../../db/dashboard/getting-started';
import { authedRouter, currentUser } from '../../http/routers';

/**
 * The dashboard's getting-started checklist, mounted at /api/dashboard/getting-started. The read
 * closes it for good the first time every item is done: later changes (a flow stopped) do not bring
 * it back to someone who already got there.
 */
export function gettingStartedRoutes(pool: pg.Pool) {
  // Dismissing is the member's own choice (every role may), per workspace: it changes nothing shared.
  const router = authedRouter({ read: 'workspace:read', write: 'account:self' });

  router.get('/', async (req, res) => {
    const user = currentUser(req);
    const state = await readGettingStarted(pool, user);
    if (allDone(state)) await closeGettingStarted(pool, user);
    const body: GettingStarted = state;
    res.json(body);
  });

  router.post('/dismiss', async (req, res) => {
    await closeGettingStarted(pool, currentUser(req));
    const body: GettingStarted = { closed: true };
    res.json(body);
  });

  return router;
}
