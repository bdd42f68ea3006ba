import type pg from 'pg';
import type { ConnectedAccountsResponse } from '../../../contracts/social-accounts';
import { listSocialAccounts } from '../../../db/social-accounts/read-accounts';
import { authedRouter, currentUser } from '../../http/routers';

/** The active accounts only, mounted at /api/accounts (the older path the dashboard reads). */
export function connectedAccountsRoutes(pool: pg.Pool) {
  const router = authedRouter('workspace:read');
  router.get('/connected', async (req, res) => {
    const accounts = (await listSocialAccounts(pool, currentUser(req).workspaceId)).filter((a) => a.isActive);
    const body: ConnectedAccountsResponse = { accounts, count: accounts.length };
    res.json(body);
  });
  return router;
}
