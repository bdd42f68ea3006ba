import type pg from 'pg';
import type { Config } from '../../config/config';
import { AppError } from '../http/errors';
import { publicRouter } from '../http/routers';
import { listOutboxMails } from '../../db/auth/dev-outbox';

/**
 * GET /api/dev/outbox: the mails the outbox mailer kept (password reset links), newest first, so
 * the flows can be tried without SMTP. Public on purpose: a developer trying "forgot password" is
 * signed out. Never in production (404), and empty when SMTP_URL is set.
 */
export function devOutboxRoutes(pool: pg.Pool, config: Config) {
  const router = publicRouter();
  router.get('/api/dev/outbox', async (_req, res) => {
    if (config.isProduction) throw new AppError('NOT_FOUND', 'Not found');
    res.json({ mails: await listOutboxMails(pool) });
  });
  return router;
}
