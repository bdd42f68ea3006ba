import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../../../config/config';
import { recordActivity } from '../../../db/pipeline/record-activity';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import {
  exchangeInstagramCode,
  instagramAuthorizeUrl,
  instagramLoginProfile,
  subscribeInstagramAccount,
  type InstagramLoginConfig,
} from '../../../integrations/meta/instagram-login';
import { constantTimeEqual } from '../../../integrations/meta/webhook-signature';
import { publicRouter } from '../../http/routers';
import { upsertAccount } from './meta-connect.service';
import { oauthRedirectUri } from './meta-connect.routes';

declare module 'express-session' {
  interface SessionData {
    /** CSRF state of an Instagram Login round trip. */
    instagramConnect?: { state: string; createdAt: number };
  }
}

const STATE_TTL_MS = 15 * 60_000;
const callbackQuery = z.object({
  code: z.string().min(1).max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});

function instagramLoginConfig(config: Config): InstagramLoginConfig | null {
  const ig = config.meta.instagramLogin;
  if (!ig) return null;
  return { ...ig, graphBaseUrl: config.meta.instagramGraphBaseUrl, version: config.meta.graphApiVersion, timeoutMs: config.platformHttpTimeoutMs };
}

/**
 * `/oauth/instagram`: Instagram Login (platform-apis.md §3.2) for professional accounts without a
 * Facebook Page — code → long-lived (60-day) token → profile → stored with its expiry (account
 * health warns before it runs out) → subscribed to the Instagram app's webhooks. Without an
 * Instagram app configured, Instagram accounts connect through their Facebook Page instead.
 */
export function instagramConnectRoutes(deps: { pool: pg.Pool; config: Config; cipher: TokenCipher; log: Logger }) {
  const router = publicRouter();
  const ig = instagramLoginConfig(deps.config);

  router.get('/oauth/instagram', (req, res) => {
    if (!req.user) return res.redirect('/login');
    if (!ig) return res.redirect('/oauth/facebook');
    const state = randomBytes(24).toString('hex');
    req.session.instagramConnect = { state, createdAt: Date.now() };
    res.redirect(instagramAuthorizeUrl(ig, oauthRedirectUri(deps.config, req, 'instagram'), state));
  });

  router.get('/oauth/instagram/callback', async (req, res) => {
    if (!req.user) return res.redirect('/login');
    if (!ig) return res.redirect('/oauth-setup?provider=instagram');
    const workspaceId = req.user.workspaceId;
    const q = callbackQuery.safeParse(req.query);
    const expected = req.session.instagramConnect;
    delete req.session.instagramConnect;
    const fail = (reason: string) => res.redirect(`/connect-accounts?error=instagram&reason=${encodeURIComponent(reason)}`);
    if (!q.success || !q.data.state || !expected || Date.now() - expected.createdAt > STATE_TTL_MS || !constantTimeEqual(q.data.state, expected.state)) {
      return fail('The authorization expired or did not start here. Please try again.');
    }
    if (q.data.error || !q.data.code) return fail(q.data.error_description ?? 'Instagram authorization was cancelled.');
    try {
      const { token, expiresInSeconds } = await exchangeInstagramCode(ig, q.data.code, oauthRedirectUri(deps.config, req, 'instagram'));
      const p = await instagramLoginProfile(ig, token);
      const accountId = await upsertAccount(deps.pool, workspaceId, {
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
      if (!accountId) return res.redirect('/social-messaging?connected=0&skipped=1');
      try {
        await subscribeInstagramAccount(ig, token);
      } catch (err) {
        deps.log.warn({ err }, 'instagram webhook subscription failed');
        await recordActivity(deps.pool, workspaceId, 'webhook_subscription_failed', `Could not subscribe @${p.username} to webhooks: ${(err as Error).message}`, 'general');
      }
      await recordActivity(deps.pool, workspaceId, 'account_connected', `Connected Instagram @${p.username} (Instagram Login)`, 'general');
      res.redirect('/connect-accounts?connected=1');
    } catch (err) {
      deps.log.warn({ err }, 'instagram connect failed');
      fail(`Instagram connection failed: ${(err as Error).message}`);
    }
  });

  return router;
}
