import type pg from 'pg';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID, forgotPasswordBodySchema, resetPasswordBodySchema, type MailStatus } from '../../contracts/auth';
import type { Config } from '../../config/config';
import { AppError } from '../http/errors';
import { ownOrigin } from '../http/own-origin';
import { accountKey, authRateLimit, clientIpKey, PgRateLimitStore } from '../http/rate-limit';
import { publicRouter } from '../http/routers';
import { parseBody } from '../http/validate';
import type { DeviceCookies } from './device-cookie';
import type { LoginThrottles } from './login-throttle';
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
  /** A completed reset forgets the account's sign-in failures… */
  throttles: LoginThrottles;
  /** …and makes this browser one the account knows (its own sign-in budget, login-throttle.ts). */
  devices: DeviceCookies;
}

const HOUR_MS = 60 * 60 * 1000;

/** Forgot / reset password (docs/product-spec.md §2 Settings). */
export function passwordResetRoutes({ pool, config, sessionCache, throttles, devices }: PasswordResetDeps) {
  const router = publicRouter();
  const limit = config.authRateLimitPer15Min;
  const { resetMailsPerAccountPerHour, resetMailsPerAddressPerHour } = config.loginThrottle;
  // Silent allowances (a request past them gets the same answer and no mail, so nobody is mail-bombed):
  // per account and requesting address (or known browser), so one address cannot spend the account's
  // allowance, and per account over the unknown browsers, which bounds what many addresses can
  // send. A browser that signed into the account before is never counted against the account's.
  const perPair = new PgRateLimitStore(pool, 'forgot-pair:', HOUR_MS);
  const perAccount = new PgRateLimitStore(pool, 'forgot-account:', HOUR_MS);

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
    const device = devices.read(req, email);
    const account = accountKey(email);
    const fromHere = await perPair.increment(`${account}:${device ? `d:${device}` : clientIpKey(req)}`);
    if (fromHere.totalHits <= resetMailsPerAddressPerHour) {
      const allowed = device !== null || (await perAccount.increment(account)).totalHits <= resetMailsPerAccountPerHour;
      if (allowed) await queueResetMail(pool, email, origin);
    }
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
    // Whoever could open the mailed link owns the account: its sign-in delays are lifted, and this
    // browser becomes one the account knows.
    await throttles.forgetAccount(done.email);
    devices.issue(res, done.email, devices.read(req, done.email));
    res.json({ success: true, message: 'Your password has been changed. Sign in with your new password.' });
  });

  return router;
}
