import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../../../config/config';
import type { AccountHealthResponse, AccountHealthWarning, ConnectedAccountsResponse } from '../../../contracts/social-accounts';
import { recordActivity } from '../../../db/pipeline/record-activity';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { unsubscribePage } from '../../../integrations/meta/facebook-login';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { accountHealthWarning } from './account-health';
import { facebookLoginConfig } from './meta-connect.routes';
import { listSocialAccounts } from './social-accounts.repo';

const healthRow = z.object({
  id: z.string(),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  display_name: z.string(),
  username: z.string(),
  status: z.enum(['active', 'needs_reconnect']),
  status_reason: z.string().nullable(),
  token_expires_at: z.date().nullable(),
  refreshable: z.boolean(),
  automations: z.coerce.number(),
});

const disconnectRow = z.object({
  id: z.string(),
  provider: z.enum(['meta', 'x', 'sandbox']),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  external_id: z.string(),
  display_name: z.string(),
  access_token_enc: z.string().nullable(),
});

export function socialAccountsRoutes(pool: pg.Pool, deps: { config: Config; cipher: TokenCipher; log: Logger }) {
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
    const { rows } = await pool.query(
      `select a.id, a.platform, a.display_name, a.username, a.status, a.status_reason, a.token_expires_at,
              a.refresh_token_enc is not null as refreshable,
              (select count(*) from comment_rules r where r.workspace_id = a.workspace_id and r.is_active and r.platform = a.platform)
              + (select count(*) from flows f where f.workspace_id = a.workspace_id and f.is_active and f.platform in (a.platform, 'multi')) as automations
       from social_accounts a where a.workspace_id = $1 and a.provider <> 'sandbox' and a.is_active
       order by a.connected_at`,
      [currentUser(req).workspaceId],
    );
    const now = new Date();
    const warnings = z
      .array(healthRow)
      .parse(rows)
      .map((r) =>
        accountHealthWarning(
          {
            id: r.id,
            platform: r.platform,
            name: r.platform === 'facebook' ? r.display_name : `@${r.username}`,
            status: r.status,
            statusReason: r.status_reason,
            tokenExpiresAt: r.token_expires_at,
            refreshable: r.refreshable,
            automations: r.automations,
          },
          now,
        ),
      )
      .filter((w): w is AccountHealthWarning => w !== null);
    const body: AccountHealthResponse = { warnings };
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
