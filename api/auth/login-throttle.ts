import type pg from 'pg';
import type { Config } from '../../config/config';
import { FailureThrottle } from '../http/rate-limit';

export interface LoginThrottles {
  /** Failed sign-ins per client address (AUTH_RATE_LIMIT_PER_15_MIN). */
  ip: FailureThrottle;
  /**
   * Failed sign-ins per account, whatever the address (ACCOUNT_LOGIN_FAILURES_PER_15_MIN):
   * a botnet cannot try more than that many passwords on one account per window. It is keyed
   * by the email asked for, existing or not, so a 429 says nothing about which accounts exist.
   * The price: anyone can lock an account's password sign-in for 15 minutes, but only in browsers
   * that have not signed into it before: those carry a device cookie and count against `device`
   * instead (api/auth/device-cookie.ts). Reset by email and Google/Facebook sign-in still work.
   */
  account: FailureThrottle;
  /** Failed sign-ins per known browser (its device cookie), the same limit as per account. */
  device: FailureThrottle;
}

export function createLoginThrottles(pool: pg.Pool, config: Config): LoginThrottles {
  return {
    ip: new FailureThrottle(pool, 'login', config.authRateLimitPer15Min, 'Too many attempts. Please wait a few minutes and try again.'),
    account: new FailureThrottle(
      pool,
      'login-account',
      config.accountLoginFailuresPer15Min,
      'Too many failed sign-in attempts for this account. Please wait 15 minutes, or reset your password.',
    ),
    device: new FailureThrottle(
      pool,
      'login-device',
      config.accountLoginFailuresPer15Min,
      'Too many failed sign-in attempts from this browser. Please wait 15 minutes, or reset your password.',
    ),
  };
}
