import type pg from 'pg';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID, forgotPasswordBodySchema, resetPasswordBodySchema, type MailStatus } from '../../contracts/auth';
import type { Config } from '../../config/config';
import { AppError } from '../http/errors';
import { ownOrigin } from '../http/own-origin';
import { accountKey, authRateLimit, PgRateLimitStore } from '../http/rate-limit';
import { publicRouter } from '../http/routers';
import { parseBody } from '../http/validate';
import { hashPassword } from './password';
import { assertPasswordPolicy } from './password-policy';
import { resetPasswordWithToken } from '../../db/auth/password-reset-tokens';
import { queueResetMail } from '../../db/auth/queue-reset-mail';
import type { SessionCache } from './session-cache';

export interface PasswordResetDeps {
  pool: pg.Pool;
  config: Config;
  /** This process drops the user's sessions at once; the others on the NOTIFY. */
  sessionCache?: SessionCache;
}

const MAILS_PER_ACCOUNT_PER_HOUR = 3;

/** Forgot / reset password (docs/product-spec.md §2 Settings). */
export function passwordResetRoutes({ pool, config, sessionCache }: PasswordResetDeps) {
  const router = publicRouter();
  const limit = config.authRateLimitPer15Min;
  // Per account, silently: a 4th request within the hour gets the same answer but no mail (no mail bombing).
  const perAccount = new PgRateLimitStore(pool, 'forgot-account:', 60 * 60 * 1000);

  router.get('/api/auth/mail-status', (_req, res) => {
    const status: MailStatus = { configured: config.mail.mode !== 'disabled', mode: config.mail.mode };
    res.json(status);
  });

  router.post('/api/auth/forgot-password', authRateLimit(pool, 'forgot', limit), async (req, res) => {
    const { email } = parseBody(forgotPasswordBodySchema, req);
    // PUBLIC_URL, or the address the request reached: a forged Host header cannot redirect the link.
    const origin = ownOrigin(config.publicUrl, req);
    // The same answer whether or not the account exists: the account is looked up by the
    // `mail.reset` job, so neither the body nor the timing tells which emails have accounts. The job
    // is committed before the answer: an accepted request is mailed even if this process dies now.
    const { totalHits } = await perAccount.increment(accountKey(email));
    if (totalHits <= MAILS_PER_ACCOUNT_PER_HOUR) await queueResetMail(pool, email, origin);
    res.json({ success: true, message: FORGOT_PASSWORD_ANSWER });
  });

  router.post('/api/auth/reset-password', authRateLimit(pool, 'reset', limit), async (req, res) => {
    const body = parseBody(resetPasswordBodySchema, req);
    const done = await resetPasswordWithToken(pool, body.token, async (email) => {
      assertPasswordPolicy(body.password, email);
      return hashPassword(body.password);
    });
    if (!done) throw new AppError('BAD_REQUEST', RESET_LINK_INVALID, [{ path: 'token', message: RESET_LINK_INVALID }]);
    sessionCache?.applyEnded({ userId: done.userId });
    res.json({ success: true, message: 'Your password has been changed. Sign in with your new password.' });
  });

  return router;
}
