import { isInstanceAdmin, type Config } from '../../../config/config';
import type { WebhookSetupResponse } from '../../../contracts/social-accounts';
import { PAGE_WEBHOOK_FIELDS } from '../../../integrations/meta/facebook-login';
import { ownOrigin } from '../../http/own-origin';
import { authedRouter, currentUser } from '../../http/routers';
import { META_WEBHOOK_PATH } from './meta-webhook.routes';
import { X_WEBHOOK_PATH } from './x-webhook.routes';

/**
 * /webhook-setup's values: the real callback URL, and the verify token for the instance's
 * operators only — it is app-wide, not a workspace's.
 */
export function webhookSetupRoutes(config: Config, verifyToken: string) {
  const router = authedRouter('accounts:manage');
  router.get('/', (req, res) => {
    const origin = ownOrigin(config.publicUrl, req);
    const body: WebhookSetupResponse = {
      callbackUrl: `${origin}${META_WEBHOOK_PATH}`,
      verifyToken: isInstanceAdmin(config, currentUser(req)) ? verifyToken : null,
      signingConfigured: config.meta.webhookSecrets.length > 0,
      fields: [...PAGE_WEBHOOK_FIELDS],
      xCallbackUrl: `${origin}${X_WEBHOOK_PATH}`,
      xConfigured: Boolean(config.x),
      xAutoSubscribe: Boolean(config.x?.bearerToken),
    };
    res.json(body);
  });
  return router;
}
