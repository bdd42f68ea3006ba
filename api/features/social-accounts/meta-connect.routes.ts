import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../../../config/config';
import { recordActivity } from '../../../db/pipeline/record-activity';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import {
  exchangeCodeForLongLivedToken,
  facebookDialogUrl,
  listPages,
  subscribePage,
  type FacebookLoginConfig,
} from '../../../integrations/meta/facebook-login';
import { constantTimeEqual } from '../../../integrations/meta/webhook-signature';
import { publicRouter } from '../../http/routers';
import { storeFacebookPages } from './meta-connect.service';

declare module 'express-session' {
  interface SessionData {
    /** CSRF state of a Facebook Login "connect Pages" round trip (not sign-in). */
    metaConnect?: { state: string; createdAt: number };
  }
}

const STATE_TTL_MS = 15 * 60_000;
const callbackQuery = z.object({
  code: z.string().min(1).max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});

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

/** Must match exactly between the dialog and the code exchange (platform-apis.md §3.1). */
export function oauthRedirectUri(config: Config, req: Request, provider: 'facebook' | 'instagram'): string {
  return `${config.publicUrl ?? `${req.protocol}://${req.get('host') ?? ''}`}/oauth/${provider}/callback`;
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

  router.get('/oauth/facebook', (req, res) => {
    if (!req.user) return res.redirect('/login');
    if (!fb) return res.redirect('/oauth-setup?provider=facebook');
    const state = randomBytes(24).toString('hex');
    req.session.metaConnect = { state, createdAt: Date.now() };
    res.redirect(facebookDialogUrl(fb, oauthRedirectUri(deps.config, req, 'facebook'), state));
  });

  router.get('/oauth/facebook/callback', async (req, res) => {
    if (!req.user) return res.redirect('/login');
    if (!fb) return res.redirect('/oauth-setup?provider=facebook');
    const workspaceId = req.user.workspaceId;
    const q = callbackQuery.safeParse(req.query);
    const expected = req.session.metaConnect;
    delete req.session.metaConnect; // one use
    const fail = (reason: string) => res.redirect(`/connect-accounts?error=facebook&reason=${encodeURIComponent(reason)}`);
    if (!q.success || !q.data.state || !expected || Date.now() - expected.createdAt > STATE_TTL_MS || !constantTimeEqual(q.data.state, expected.state)) {
      return fail('The authorization expired or did not start here. Please try again.');
    }
    if (q.data.error || !q.data.code) return fail(q.data.error_description ?? 'Facebook authorization was cancelled.');
    try {
      const { userToken } = await exchangeCodeForLongLivedToken(fb, q.data.code, oauthRedirectUri(deps.config, req, 'facebook'));
      const pages = await listPages(fb, userToken);
      if (pages.length === 0) return fail('No Facebook Pages were shared. Choose at least one Page in the Facebook dialog.');
      const stored = await storeFacebookPages(deps.pool, workspaceId, pages, deps.cipher);
      for (const page of pages) {
        if (!stored.connected.some((c) => c.platform === 'facebook' && c.externalId === page.id)) continue;
        try {
          const fields = await subscribePage(fb, page.id, page.access_token);
          if (!fields.includes('messages')) throw new Error(`subscribed fields read back as [${fields.join(', ')}]`);
        } catch (err) {
          deps.log.warn({ err, pageId: page.id }, 'page webhook subscription failed');
          await recordActivity(deps.pool, workspaceId, 'webhook_subscription_failed', `Could not subscribe Page "${page.name}" to webhooks: ${(err as Error).message}`, 'general');
        }
      }
      for (const c of stored.connected) {
        await recordActivity(deps.pool, workspaceId, 'account_connected', `Connected ${c.platform === 'facebook' ? 'Facebook Page' : 'Instagram'} ${c.name}`, 'general');
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
