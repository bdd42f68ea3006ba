import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../../../config/config';
import type { AccountHealthCheckResponse, AccountHealthResponse, ConnectedAccountsResponse } from '../../../contracts/social-accounts';
import { checkAccountHealth } from '../../../activities/account-health/check-account-health';
import { accountHealthWarnings } from '../../../activities/account-health/health-rows';
import { platformDepsFromConfig } from '../../../activities/platform-deps';
import { recordActivity } from '../../../db/pipeline/record-activity';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { unsubscribePage } from '../../../integrations/meta/facebook-login';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { facebookLoginConfig } from './meta-connect.routes';
import { listSocialAccounts } from './social-accounts.repo';

const disconnectRow = z.object({
  id: z.string(),
  provider: z.enum(['meta', 'x', 'sandbox']),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  external_id: z.string(),
  display_name: z.string(),
  access_token_enc: z.string().nullable(),
});

export function socialAccountsRoutes(pool: pg.Pool, deps: { config: Config; cipher: TokenCipher; log: Logger }) {
  const platform = platformDepsFromConfig(deps.config, deps.cipher);
  const router = authedRouter();
  router.get('/api/social-accounts', async (req, res) => {
    res.json(await listSocialAccounts(pool, currentUser(req).workspaceId));
  });
  router.get('/api/accounts/connected', async (req, res) => {
    const accounts = (await listSocialAccounts(pool, currentUser(req).workspaceId)).filter((a) => a.isActive);
    const body: ConnectedAccountsResponse = { accounts, count: accounts.length };
    res.json(body);
  });

  router.get('/api/social-accounts/health', async (req, res) => {
    const warnings = await accountHealthWarnings(pool, { workspaceId: currentUser(req).workspaceId }, new Date());
    const body: AccountHealthResponse = { warnings };
    res.json(body);
  });

  /** "Check now" on Connect Accounts: the same check the worker runs on its schedule. */
  router.post('/api/social-accounts/:id/check-health', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const owned = await pool.query('select 1 from social_accounts where workspace_id = $1 and id = $2', [workspaceId, id]);
    if (owned.rowCount === 0) throw new AppError('NOT_FOUND', 'Account not found');
    const result = await checkAccountHealth(pool, id, platform);
    const account = (await listSocialAccounts(pool, workspaceId)).find((a) => a.id === id);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found');
    const detail = result.verdict === 'needs_reconnect' ? result.reason : result.verdict === 'unknown' ? result.error : result.verdict === 'skipped' ? result.why : null;
    const body: AccountHealthCheckResponse = { verdict: result.verdict, detail, account };
    res.json(body);
  });

  /**
   * Disconnect: tokens wiped, account inactive (its conversations stay). A Page takes its linked
   * Instagram account with it (Instagram messaging goes through the Page) and is unsubscribed from
   * our webhooks, best effort.
   */
  router.delete('/api/social-accounts/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const found = await pool.query(
      'select id, provider, platform, external_id, display_name, access_token_enc from social_accounts where workspace_id = $1 and id = $2 and is_active',
      [workspaceId, idParam(req)],
    );
    if (found.rowCount === 0) throw new AppError('NOT_FOUND', 'Account not found');
    const account = disconnectRow.parse(found.rows[0]);
    if (account.provider === 'sandbox') throw new AppError('BAD_REQUEST', 'Sandbox accounts are built in and cannot be disconnected');
    const fb = facebookLoginConfig(deps.config);
    if (account.provider === 'meta' && account.platform === 'facebook' && account.access_token_enc && fb) {
      await unsubscribePage(fb, account.external_id, deps.cipher.decrypt(account.access_token_enc)).catch((err: unknown) =>
        deps.log.warn({ err, pageId: account.external_id }, 'page webhook unsubscribe failed'),
      );
    }
    const { rowCount } = await pool.query(
      `update social_accounts set is_active = false, access_token_enc = null, refresh_token_enc = null, token_expires_at = null
       where workspace_id = $1 and (id = $2 or ($3 = 'facebook' and provider = 'meta' and platform = 'instagram' and linked_external_id = $4))`,
      [workspaceId, account.id, account.platform, account.external_id],
    );
    await recordActivity(pool, workspaceId, 'account_disconnected', `Disconnected ${account.display_name}`, 'general');
    res.json({ success: true, disconnected: rowCount ?? 0 });
  });
  return router;
}
