import type pg from 'pg';
import type { Config } from '../../../config/config';
import { findInstagramAccount } from '../../../db/social-accounts/meta-accounts';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';
import { createLiveProfile } from './instagram-profile.service';

/** The workspace's first Instagram account's profile, mounted at /api/instagram. */
export function instagramProfileRoutes(deps: { pool: pg.Pool; config: Config; cipher: TokenCipher }) {
  const liveProfile = createLiveProfile(deps);
  const router = authedRouter('workspace:read');
  router.get('/profile', async (req, res) => {
    const account = await findInstagramAccount(deps.pool, currentUser(req).workspaceId, null);
    if (!account) throw new AppError('NOT_FOUND', 'No Instagram account connected');
    res.json(await liveProfile(account));
  });
  return router;
}
