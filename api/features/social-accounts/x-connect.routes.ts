import type { Request } from 'express';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../../config/config';
import { recordActivity } from '../../../db/record-activity';
import { upsertXAccount } from '../../../db/social-accounts/upsert-connected-account';
import { withAudit } from '../../../db/audit/record-audit';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { ensureXWebhook, subscribeXAccountActivity } from '../../../integrations/x/x-account-activity';
import { exchangeXCode, pkcePair, xAuthorizeUrl, xMe, type XClientConfig } from '../../../integrations/x/x-api';
import { platformNotEnabledMessage } from '../../../contracts/social-accounts';
import { ownOrigin } from '../../http/own-origin';
import { can, publicRouter } from '../../http/routers';
import { issueConnectState, readConnectCallback } from './connect-state';
import { saveSessionBeforeResponse } from '../../auth/session';

/**
 * `/oauth/twitter` (spec route): X OAuth 2.0 Authorization Code with PKCE (docs/platform-apis.md §4.1),
 * scopes dm.read dm.write tweet.read tweet.write users.read offline.access. The access token (2 h)
 * and the rotating refresh token are stored encrypted; sends refresh it (activities/sends/x.ts).
 * After connecting, the account is subscribed to the app's Account Activity webhook (registered on
 * first use with X_BEARER_TOKEN); the webhook itself (CRC + signed POSTs) is
 * api/features/webhooks/x-webhook.routes.ts.
 */
export function xConnectRoutes(deps: { pool: pg.Pool; config: Config; cipher: TokenCipher; log: Logger }) {
  const router = publicRouter();
  const x: XClientConfig | null = deps.config.x ? { ...deps.config.x, timeoutMs: deps.config.platformHttpTimeoutMs } : null;
  // PUBLIC_URL or the address the request reached, never the Host header alone (api/http/own-origin.ts).
  const redirectUri = (req: Request) => `${ownOrigin(deps.config.publicUrl, req)}/oauth/twitter/callback`;

  const notConfigured = `/connect-accounts?error=twitter&reason=${encodeURIComponent(platformNotEnabledMessage('twitter'))}`;

  /**
   * Registers the app's webhook (once; X checks it with a CRC) and subscribes the account to it, so
   * its DMs and mentions arrive. Best effort: without X_BEARER_TOKEN or Account Activity access the
   * connection still works for sending, and the activity feed says why nothing will arrive.
   */
  async function subscribeAccountActivity(req: Request, workspaceId: string, username: string, userToken: string) {
    const bearer = deps.config.x?.bearerToken;
    if (!x || !bearer) {
      await recordActivity(
        deps.pool,
        workspaceId,
        'webhook_subscription_failed',
        `@${username} is not subscribed to X Account Activity: an administrator needs to add the X app's bearer token, so its DMs and mentions will not arrive`,
        'general',
      );
      return;
    }
    const url = `${ownOrigin(deps.config.publicUrl, req)}/api/webhooks/x`;
    try {
      const hook = await ensureXWebhook(x, bearer, url);
      await subscribeXAccountActivity(x, hook.id, userToken);
      await recordActivity(deps.pool, workspaceId, 'webhook_subscribed', `Subscribed @${username} to X Account Activity (webhook ${hook.id})`, 'general');
    } catch (err) {
      deps.log.warn({ err }, 'x account activity subscription failed');
      await recordActivity(
        deps.pool,
        workspaceId,
        'webhook_subscription_failed',
        `Could not subscribe @${username} to X Account Activity, so its DMs and mentions will not arrive: ${(err as Error).message}`,
        'general',
      );
    }
  }

  router.get('/oauth/twitter', can('accounts:manage'), saveSessionBeforeResponse, (req, res) => {
    if (!req.user) return res.redirect('/login');
    if (!x) return res.redirect(notConfigured);
    const { verifier, challenge } = pkcePair();
    const state = issueConnectState(req, 'xConnect', { verifier });
    res.redirect(xAuthorizeUrl(x, redirectUri(req), state, challenge));
  });

  router.get('/oauth/twitter/callback', can('accounts:manage'), async (req, res) => {
    if (!req.user) return res.redirect('/login');
    if (!x) return res.redirect(notConfigured);
    const workspaceId = req.user.workspaceId;
    const fail = (reason: string) => res.redirect(`/connect-accounts?error=twitter&reason=${encodeURIComponent(reason)}`);
    const callback = readConnectCallback(req, 'xConnect', 'X authorization was cancelled.');
    if ('reason' in callback) return fail(callback.reason);
    if (!callback.pending.verifier) return fail('The authorization expired or did not start here. Please try again.');
    try {
      const tokens = await exchangeXCode(x, callback.code, redirectUri(req), callback.pending.verifier);
      const me = await xMe(x, tokens.accessToken);
      const actor = { workspaceId, userId: req.user.id };
      const account = (client: pg.PoolClient) =>
        upsertXAccount(client, workspaceId, {
          externalId: me.id,
          username: me.username,
          displayName: me.name ?? me.username,
          accessToken: deps.cipher.encrypt(tokens.accessToken),
          refreshToken: tokens.refreshToken ? deps.cipher.encrypt(tokens.refreshToken) : null,
          expiresAt: tokens.expiresAt,
          profile: { name: me.name ?? me.username, ...(me.profile_image_url ? { pictureUrl: me.profile_image_url } : {}) },
        });
      const accountId = await withAudit(deps.pool, actor, account, (id) =>
        id ? { action: 'account.connected', target: { type: 'account', id, label: `X @${me.username}` }, details: { platform: 'twitter' } } : null,
      );
      if (!accountId) return fail(`@${me.username} is already connected to another workspace.`);
      await recordActivity(deps.pool, workspaceId, 'account_connected', `Connected X @${me.username}`, 'general');
      await subscribeAccountActivity(req, workspaceId, me.username, tokens.accessToken);
      res.redirect('/connect-accounts?connected=1');
    } catch (err) {
      deps.log.warn({ err }, 'x connect failed');
      fail(`X connection failed: ${(err as Error).message}`);
    }
  });
  return router;
}
