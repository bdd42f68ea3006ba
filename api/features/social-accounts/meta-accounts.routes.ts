import type pg from 'pg';
import { platformDepsFromConfig } from '../../../activities/platform-deps';
import { createSender } from '../../../activities/send-outbound.activity';
import type { Config } from '../../../config/config';
import { instagramSendMessageBodySchema, socialSendMessageBodySchema, type FacebookPagesResponse } from '../../../contracts/social-accounts';
import type { SendLimits } from '../../../db/sends/send-limits';
import { findInstagramAccount, listFacebookPages, listInstagramAccounts } from '../../../db/social-accounts/meta-accounts';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody } from '../../http/validate';
import { createLiveProfile } from './instagram-profile.service';
import { sendFromSocialMessaging } from './social-send.service';

/**
 * Social Messaging's API (docs/product-spec.md §7): Pages, Instagram profiles, and the two send forms. Mounted at
 * /api/social-accounts; the older GET /api/instagram/profile is instagram-profile.routes.ts.
 */
export function metaAccountsRoutes(deps: { pool: pg.Pool; config: Config; cipher: TokenCipher; limits: SendLimits }) {
  const { pool } = deps;
  const sender = createSender(pool, platformDepsFromConfig(deps.config, deps.cipher));
  const liveProfile = createLiveProfile(deps);
  const router = authedRouter({ read: 'workspace:read', write: 'inbox:write' });

  router.get('/facebook/pages', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body: FacebookPagesResponse = {
      pages: await listFacebookPages(pool, workspaceId),
      instagramAccounts: await listInstagramAccounts(pool, workspaceId),
    };
    res.json(body);
  });

  router.get('/instagram/profile/:pageId', async (req, res) => {
    const pageId = String(req.params.pageId);
    const account = await findInstagramAccount(pool, currentUser(req).workspaceId, pageId);
    if (!account) throw new AppError('NOT_FOUND', 'No Instagram account is linked to this Page');
    res.json(await liveProfile(account));
  });

  router.post('/facebook/send-message', async (req, res) => {
    const body = parseBody(socialSendMessageBodySchema, req);
    const sent = await sendFromSocialMessaging(pool, sender, deps.limits, currentUser(req).workspaceId, 'facebook', body);
    res.status(sent.status).json(sent.body);
  });

  router.post('/instagram/send-message', async (req, res) => {
    const body = parseBody(instagramSendMessageBodySchema, req);
    const sent = await sendFromSocialMessaging(pool, sender, deps.limits, currentUser(req).workspaceId, 'instagram', body);
    res.status(sent.status).json(sent.body);
  });

  return router;
}
