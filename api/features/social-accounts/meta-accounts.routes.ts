import type pg from 'pg';
import { platformDepsFromConfig } from '../../../activities/platform-deps';
import { createSender } from '../../../activities/send-outbound.activity';
import type { Config } from '../../../config/config';
import {
  accountProfileSchema,
  instagramSendMessageBodySchema,
  socialSendMessageBodySchema,
  type FacebookPagesResponse,
  type InstagramProfile,
} from '../../../contracts/social-accounts';
import type { SendLimits } from '../../../db/pipeline/send-limits';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { instagramProfile } from '../../../integrations/meta/facebook-login';
import { GraphApiError } from '../../../integrations/meta/graph-client';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody } from '../../http/validate';
import {
  findInstagramAccount,
  instagramProfileFrom,
  listFacebookPages,
  listInstagramAccounts,
  saveInstagramProfile,
  type InstagramAccountRow,
} from './meta-accounts.repo';
import { sendFromSocialMessaging } from './social-send.service';

/** Social Messaging's API (docs/product-spec.md §7): Pages, Instagram profiles, and the two send forms. */
export function metaAccountsRoutes(deps: { pool: pg.Pool; config: Config; cipher: TokenCipher; limits: SendLimits }) {
  const { pool } = deps;
  const sender = createSender(pool, platformDepsFromConfig(deps.config, deps.cipher));
  const router = authedRouter();

  router.get('/api/social-accounts/facebook/pages', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body: FacebookPagesResponse = {
      pages: await listFacebookPages(pool, workspaceId),
      instagramAccounts: await listInstagramAccounts(pool, workspaceId),
    };
    res.json(body);
  });

  /** Fresh from the Graph API (followers change); the stored copy when Meta can't be reached. */
  async function liveProfile(account: InstagramAccountRow): Promise<InstagramProfile> {
    const cached = instagramProfileFrom(account.external_id, account.username, account.profile);
    // Instagram Login accounts: the profile stored at connect time (their host has no /{ig-id} read).
    const loginPath = accountProfileSchema.safeParse(account.profile ?? {});
    if (!account.access_token_enc || (loginPath.success && loginPath.data.loginPath === 'instagram')) return cached;
    try {
      const p = await instagramProfile(
        { graphBaseUrl: deps.config.meta.graphBaseUrl, version: deps.config.meta.graphApiVersion, timeoutMs: deps.config.platformHttpTimeoutMs },
        account.external_id,
        deps.cipher.decrypt(account.access_token_enc),
      );
      const profile: InstagramProfile = {
        id: p.id,
        username: p.username || account.username,
        name: p.name ?? null,
        profile_picture_url: p.profile_picture_url ?? null,
        followers_count: p.followers_count ?? null,
        media_count: p.media_count ?? null,
      };
      await saveInstagramProfile(pool, account.id, profile);
      return profile;
    } catch (err) {
      if (err instanceof GraphApiError && err.code === 190) {
        await pool.query(`update social_accounts set status = 'needs_reconnect', status_reason = $2 where id = $1`, [
          account.id,
          'Meta rejected the access token (code 190) while reading the profile',
        ]);
        throw new AppError('PLATFORM_REFUSED', 'Meta rejected this account’s access token; reconnect it');
      }
      return cached;
    }
  }

  router.get('/api/social-accounts/instagram/profile/:pageId', async (req, res) => {
    const pageId = String(req.params.pageId);
    const account = await findInstagramAccount(pool, currentUser(req).workspaceId, pageId);
    if (!account) throw new AppError('NOT_FOUND', 'No Instagram account is linked to this Page');
    res.json(await liveProfile(account));
  });

  router.get('/api/instagram/profile', async (req, res) => {
    const account = await findInstagramAccount(pool, currentUser(req).workspaceId, null);
    if (!account) throw new AppError('NOT_FOUND', 'No Instagram account connected');
    res.json(await liveProfile(account));
  });

  router.post('/api/social-accounts/facebook/send-message', async (req, res) => {
    const body = parseBody(socialSendMessageBodySchema, req);
    const sent = await sendFromSocialMessaging(pool, sender, deps.limits, currentUser(req).workspaceId, 'facebook', body);
    res.status(sent.status).json(sent.body);
  });

  router.post('/api/social-accounts/instagram/send-message', async (req, res) => {
    const body = parseBody(instagramSendMessageBodySchema, req);
    const sent = await sendFromSocialMessaging(pool, sender, deps.limits, currentUser(req).workspaceId, 'instagram', body);
    res.status(sent.status).json(sent.body);
  });

  return router;
}
