import { isInstanceAdmin, type Config } from '../../../config/config';
import type { ConnectOptions } from '../../../contracts/social-accounts';
import { publicRouter } from '../../http/routers';

/** Which platforms can connect here: the same settings the /oauth/{platform} routes need. */
export function connectablePlatforms(config: Config): ConnectOptions['platforms'] {
  return {
    // Instagram connects through its Facebook Page, or through Instagram Login when that app is set.
    instagram: Boolean(config.facebook) || Boolean(config.meta.instagramLogin),
    facebook: Boolean(config.facebook),
    twitter: Boolean(config.x),
  };
}

/**
 * GET /api/connect-options: public, like the OAuth status it summarises (nothing secret: whether an
 * app is configured), so Connect Accounts shows the truth signed out too.
 */
export function connectOptionsRoutes(config: Config) {
  const router = publicRouter();
  router.get('/api/connect-options', (req, res) => {
    const body: ConnectOptions = {
      platforms: connectablePlatforms(config),
      canEnable: req.user ? isInstanceAdmin(config, req.user) : false,
    };
    res.json(body);
  });
  return router;
}
