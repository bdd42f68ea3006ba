import type pg from 'pg';
import type { Config } from '../../config/config';
import { AppError } from '../http/errors';
import { publicRouter } from '../http/routers';
import { listOutboxMails } from '../../db/auth/dev-outbox';

export const DEV_OUTBOX_SIGN_IN = 'Sign in to see the mails sent to your address';

/**
 * GET /api/dev/outbox: the mails the outbox mailer kept (development without SMTP_URL), newest
 * first, but only those sent to the signed-in user's own address: the outbox holds password-reset
 * links, so showing anyone else's would hand over their account. Being an
 * instance admin does not widen it (outside production every user is one while ADMIN_EMAILS is unset).
 * Signed out: 401. A developer who forgot their password finds the link in the server's log, where
 * the outbox mailer prints it (activities/account-mailer.ts). Never in production (404).
 */
export function devOutboxRoutes(pool: pg.Pool, config: Config) {
  const router = publicRouter();
  router.get('/api/dev/outbox', async (req, res) => {
    if (config.isProduction) throw new AppError('NOT_FOUND', 'Not found');
    if (!req.user) throw new AppError('UNAUTHORIZED', DEV_OUTBOX_SIGN_IN);
    res.json({ mails: await listOutboxMails(pool, req.user.email) });
  });
  return router;
}
