import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../../config/config';
import type { AccountHealthCheckResponse, AccountHealthResponse } from '../../../contracts/social-accounts';
import { checkAccountHealth } from '../../../activities/account-health/check-account-health';
import { accountHealthWarnings } from '../../../activities/account-health/health-rows';
import { platformDepsFromConfig } from '../../../activities/platform-deps';
import { recordActivity } from '../../../db/record-activity';
import { disconnectAccount, findActiveAccount, isWorkspaceAccount } from '../../../db/social-accounts/disconnect-account';
import { listSocialAccounts } from '../../../db/social-accounts/read-accounts';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { unsubscribePage } from '../../../integrations/meta/facebook-login';
import { AppError } from '../../http/errors';
import { authedRouter, currentActor, currentUser, idParam } from '../../http/routers';
import { withAudit } from '../../../db/audit/record-audit';
import { facebookLoginConfig } from './meta-connect.routes';

/** Connected accounts, their health and disconnecting, mounted at /api/social-accounts. */
export function socialAccountsRoutes(pool: pg.Pool, deps: { config: Config; cipher: TokenCipher; log: Logger }) {
  const platform = platformDepsFromConfig(deps.config, deps.cipher);
  const router = authedRouter({ read: 'workspace:read', write: 'accounts:manage' });
  router.get('/', async (req, res) => {
    res.json(await listSocialAccounts(pool, currentUser(req).workspaceId));
  });

  router.get('/health', async (req, res) => {
    const warnings = await accountHealthWarnings(pool, { workspaceId: currentUser(req).workspaceId }, new Date());
    const body: AccountHealthResponse = { warnings };
    res.json(body);
  });

  /** "Check now" on Connect Accounts: the same check the worker runs on its schedule. */
  router.post('/:id/check-health', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    if (!(await isWorkspaceAccount(pool, workspaceId, id))) throw new AppError('NOT_FOUND', 'Account not found');
    const result = await checkAccountHealth(pool, id, platform);
    const account = (await listSocialAccounts(pool, workspaceId)).find((a) => a.id === id);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found');
    const detail =
      result.verdict === 'needs_reconnect' ? result.reason : result.verdict === 'unknown' ? result.error : result.verdict === 'skipped' ? result.why : null;
    const body: AccountHealthCheckResponse = { verdict: result.verdict, detail, account };
    res.json(body);
  });

  /**
   * Disconnect: tokens wiped, account inactive (its conversations stay). A Page takes its linked
   * Instagram account with it (Instagram messaging goes through the Page) and is unsubscribed from
   * our webhooks, best effort.
   */
  router.delete('/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const account = await findActiveAccount(pool, workspaceId, idParam(req));
    if (!account) throw new AppError('NOT_FOUND', 'Account not found');
    if (account.provider === 'sandbox') throw new AppError('BAD_REQUEST', 'Sandbox accounts are built in and cannot be disconnected');
    const fb = facebookLoginConfig(deps.config);
    if (account.provider === 'meta' && account.platform === 'facebook' && account.access_token_enc && fb) {
      await unsubscribePage(fb, account.external_id, deps.cipher.decrypt(account.access_token_enc)).catch((err: unknown) =>
        deps.log.warn({ err, pageId: account.external_id }, 'page webhook unsubscribe failed'),
      );
    }
    const disconnected = await withAudit(
      pool,
      currentActor(req),
      (client) => disconnectAccount(client, workspaceId, account),
      (n) =>
        n > 0
          ? {
              action: 'account.disconnected',
              target: { type: 'account', id: account.id, label: account.display_name },
              details: { platform: account.platform },
            }
          : null,
    );
    await recordActivity(pool, workspaceId, 'account_disconnected', `Disconnected ${account.display_name}`, 'general');
    res.json({ success: true, disconnected });
  });
  return router;
}
