import type pg from 'pg';
import type { ConnectedAccountsResponse } from '../../../contracts/social-accounts';
import { authedRouter, currentUser } from '../../http/routers';
import { listSocialAccounts } from './social-accounts.repo';

export function socialAccountsRoutes(pool: pg.Pool) {
  const router = authedRouter();
  router.get('/api/social-accounts', async (req, res) => {
    res.json(await listSocialAccounts(pool, currentUser(req).workspaceId));
  });
  router.get('/api/accounts/connected', async (req, res) => {
    const accounts = (await listSocialAccounts(pool, currentUser(req).workspaceId)).filter((a) => a.isActive);
    const body: ConnectedAccountsResponse = { accounts, count: accounts.length };
    res.json(body);
  });
  return router;
}
