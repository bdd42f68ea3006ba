import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../../config/config';
import { recordActivity } from '../../../db/record-activity';
import { enqueueReconciliations } from '../../../db/reconcile/enqueue-reconciliations';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { upsertMetaAccount } from '../../../db/social-accounts/upsert-connected-account';
import { withAudit } from '../../../db/audit/record-audit';
import {
  exchangeInstagramCode,
  instagramAuthorizeUrl,
  instagramLoginProfile,
  subscribeInstagramAccount,
  type InstagramLoginConfig,
} from '../../../integrations/meta/instagram-login';
import { platformNotEnabledMessage } from '../../../contracts/social-accounts';
import { can, publicRouter } from '../../http/routers';
import { issueConnectState, readConnectCallback } from './connect-state';
import { oauthRedirectUri } from './meta-connect.routes';
import { saveSessionBeforeResponse } from '../../auth/session';

function instagramLoginConfig(config: Config): InstagramLoginConfig | null {
  const ig = config.meta.instagramLogin;
  if (!ig) return null;
  return { ...ig, graphBaseUrl: config.meta.instagramGraphBaseUrl, version: config.meta.graphApiVersion, timeoutMs: config.platformHttpTimeoutMs };
}

/**
 * `/oauth/instagram`: Instagram Login (docs/platform-apis.md §3.2) for professional accounts without a
 * Facebook Page — code → long-lived (60-day) token → profile → stored with its expiry (account
 * health warns before it runs out) → subscribed to the Instagram app's webhooks. Without an
 * Instagram app configured, Instagram accounts connect through their Facebook Page instead.
 */
export function instagramConnectRoutes(deps: { pool: pg.Pool; config: Config; cipher: TokenCipher; log: Logger }) {
  const router = publicRouter();
  const ig = instagramLoginConfig(deps.config);
  const notEnabled = `/connect-accounts?error=instagram&reason=${encodeURIComponent(platformNotEnabledMessage('instagram'))}`;

  router.get('/oauth/instagram', can('accounts:manage'), saveSessionBeforeResponse, (req, res) => {
    if (!req.user) return res.redirect('/login');
    if (!ig) return res.redirect(deps.config.facebook ? '/oauth/facebook' : notEnabled);
    const state = issueConnectState(req, 'instagramConnect');
    res.redirect(instagramAuthorizeUrl(ig, oauthRedirectUri(deps.config, req, 'instagram'), state));
  });

  router.get('/oauth/instagram/callback', can('accounts:manage'), async (req, res) => {
    if (!req.user) return res.redirect('/login');
    if (!ig) return res.redirect(notEnabled);
    const workspaceId = req.user.workspaceId;
    const fail = (reason: string) => res.redirect(`/connect-accounts?error=instagram&reason=${encodeURIComponent(reason)}`);
    const callback = readConnectCallback(req, 'instagramConnect', 'Instagram authorization was cancelled.');
    if ('reason' in callback) return fail(callback.reason);
    try {
      const { token, expiresInSeconds } = await exchangeInstagramCode(ig, callback.code, oauthRedirectUri(deps.config, req, 'instagram'));
      const p = await instagramLoginProfile(ig, token);
      const actor = { workspaceId, userId: req.user.id };
      const account = (client: pg.PoolClient) =>
        upsertMetaAccount(client, workspaceId, {
          platform: 'instagram',
          externalId: p.user_id,
          username: p.username,
          displayName: p.name ?? p.username,
          token: deps.cipher.encrypt(token),
          linked: null,
          expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
          profile: {
            loginPath: 'instagram',
            ...(p.name ? { name: p.name } : {}),
            ...(p.profile_picture_url ? { pictureUrl: p.profile_picture_url } : {}),
            ...(p.followers_count !== undefined ? { followersCount: p.followers_count } : {}),
            ...(p.media_count !== undefined ? { mediaCount: p.media_count } : {}),
          },
        });
      const accountId = await withAudit(deps.pool, actor, account, (id) =>
        id ? { action: 'account.connected', target: { type: 'account', id, label: `Instagram @${p.username}` }, details: { platform: 'instagram' } } : null,
      );
      if (!accountId) return res.redirect('/social-messaging?connected=0&skipped=1');
      try {
        await subscribeInstagramAccount(ig, token);
      } catch (err) {
        deps.log.warn({ err }, 'instagram webhook subscription failed');
        await recordActivity(
          deps.pool,
          workspaceId,
          'webhook_subscription_failed',
          `Could not subscribe @${p.username} to webhooks: ${(err as Error).message}`,
          'general',
        );
      }
      // Read back what webhooks missed while it was not connected (ADR 0014).
      if (deps.config.reconcile.everyMinutes > 0) await enqueueReconciliations(deps.pool, { accountIds: [accountId] });
      await recordActivity(deps.pool, workspaceId, 'account_connected', `Connected Instagram @${p.username} (Instagram Login)`, 'general');
      res.redirect('/connect-accounts?connected=1');
    } catch (err) {
      deps.log.warn({ err }, 'instagram connect failed');
      fail(`Instagram connection failed: ${(err as Error).message}`);
    }
  });

  return router;
}
