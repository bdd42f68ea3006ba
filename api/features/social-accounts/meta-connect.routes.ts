import type { Request } from 'express';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../../config/config';
import { enqueueHealthChecks } from '../../../db/accounts/enqueue-health-checks';
import { enqueueReconciliations } from '../../../db/reconcile/enqueue-reconciliations';
import { recordActivity } from '../../../db/record-activity';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import {
  exchangeCodeForLongLivedToken,
  facebookDialogUrl,
  listPages,
  subscribePage,
  type FacebookLoginConfig,
} from '../../../integrations/meta/facebook-login';
import { platformNotEnabledMessage } from '../../../contracts/social-accounts';
import { ownOrigin } from '../../http/own-origin';
import { can, publicRouter } from '../../http/routers';
import { issueConnectState, readConnectCallback } from './connect-state';
import { storeFacebookPages } from './meta-connect.service';
import { saveSessionBeforeResponse } from '../../auth/session';

export function facebookLoginConfig(config: Config): FacebookLoginConfig | null {
  if (!config.facebook) return null;
  return {
    appId: config.facebook.appId,
    appSecret: config.facebook.appSecret,
    graphBaseUrl: config.meta.graphBaseUrl,
    dialogBaseUrl: config.meta.dialogBaseUrl,
    version: config.meta.graphApiVersion,
    timeoutMs: config.platformHttpTimeoutMs,
  };
}

/**
 * Must match exactly between the dialog and the code exchange (docs/platform-apis.md §3.1). Built from
 * PUBLIC_URL or the address the request reached, never from the Host header alone (api/http/own-origin.ts).
 */
export function oauthRedirectUri(config: Config, req: Request, provider: 'facebook' | 'instagram'): string {
  return `${ownOrigin(config.publicUrl, req)}/oauth/${provider}/callback`;
}

/**
 * Connect Facebook Pages and their Instagram accounts (spec routes /oauth/{platform} and
 * /oauth/facebook/callback): a full-page redirect to Facebook Login with the Page, messaging and
 * Instagram permissions, then code → long-lived token → /me/accounts → store → subscribe webhooks.
 * Instagram accounts come through their Pages (Facebook Login path); `/oauth/instagram` is
 * Instagram Login when configured (instagram-connect.routes.ts), this flow otherwise.
 */
export function metaConnectRoutes(deps: { pool: pg.Pool; config: Config; cipher: TokenCipher; log: Logger }) {
  const router = publicRouter();
  const fb = facebookLoginConfig(deps.config);
  // Without a Meta app the person who pressed Connect is told so where they were, never sent to an
  // operator page (Connect buttons say it before anyone gets here; this is for a typed or old link).
  const notEnabled = `/connect-accounts?error=facebook&reason=${encodeURIComponent(platformNotEnabledMessage('facebook'))}`;

  router.get('/oauth/facebook', can('accounts:manage'), saveSessionBeforeResponse, (req, res) => {
    if (!req.user) return res.redirect('/login');
    if (!fb) return res.redirect(notEnabled);
    const state = issueConnectState(req, 'metaConnect');
    res.redirect(facebookDialogUrl(fb, oauthRedirectUri(deps.config, req, 'facebook'), state));
  });

  router.get('/oauth/facebook/callback', can('accounts:manage'), async (req, res) => {
    if (!req.user) return res.redirect('/login');
    if (!fb) return res.redirect(notEnabled);
    const workspaceId = req.user.workspaceId;
    const fail = (reason: string) => res.redirect(`/connect-accounts?error=facebook&reason=${encodeURIComponent(reason)}`);
    const callback = readConnectCallback(req, 'metaConnect', 'Facebook authorization was cancelled.');
    if ('reason' in callback) return fail(callback.reason);
    try {
      const { userToken } = await exchangeCodeForLongLivedToken(fb, callback.code, oauthRedirectUri(deps.config, req, 'facebook'));
      const pages = await listPages(fb, userToken);
      if (pages.length === 0) return fail('No Facebook Pages were shared. Choose at least one Page in the Facebook dialog.');
      const stored = await storeFacebookPages(deps.pool, workspaceId, pages, deps.cipher, { workspaceId, userId: req.user.id });
      for (const page of pages) {
        if (!stored.connected.some((c) => c.platform === 'facebook' && c.externalId === page.id)) continue;
        try {
          const fields = await subscribePage(fb, page.id, page.access_token);
          if (!fields.includes('messages')) throw new Error(`subscribed fields read back as [${fields.join(', ')}]`);
        } catch (err) {
          deps.log.warn({ err, pageId: page.id }, 'page webhook subscription failed');
          await recordActivity(
            deps.pool,
            workspaceId,
            'webhook_subscription_failed',
            `Could not subscribe Page "${page.name}" to webhooks: ${(err as Error).message}`,
            'general',
          );
        }
      }
      // Check at once what was granted: a permission left unticked in the dialog shows up in minutes.
      if (deps.config.accountHealthIntervalMinutes > 0) await enqueueHealthChecks(deps.pool, { accountIds: stored.connected.map((c) => c.accountId) });
      // Read back what webhooks missed while it was not connected (ADR 0014).
      if (deps.config.reconcile.everyMinutes > 0) await enqueueReconciliations(deps.pool, { accountIds: stored.connected.map((c) => c.accountId) });
      for (const c of stored.connected) {
        await recordActivity(
          deps.pool,
          workspaceId,
          'account_connected',
          `Connected ${c.platform === 'facebook' ? 'Facebook Page' : 'Instagram'} ${c.name}`,
          'general',
        );
      }
      const skipped = stored.skipped.length ? `&skipped=${stored.skipped.length}` : '';
      res.redirect(`/social-messaging?connected=${stored.connected.length}${skipped}`);
    } catch (err) {
      deps.log.warn({ err }, 'facebook connect failed');
      fail(`Facebook connection failed: ${(err as Error).message}`);
    }
  });

  return router;
}
