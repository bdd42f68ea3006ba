import type { Request, Response } from 'express';
import type pg from 'pg';
import type { Config } from '../../config/config';
import { accountKey, clientIpKey, ProgressiveDelay, rateLimited } from '../http/rate-limit';
import type { DeviceCookies } from './device-cookie';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Password guessing is slowed, never locked (a per-account lock let anyone with ten failures keep an
 * account's owner out of every new browser, and a reset did not lift it). Two progressive delays
 * (api/http/rate-limit.ts), both keyed by who is trying:
 * - per account and address (LOGIN_FAILURES_BEFORE_DELAY free failures, then 1 s, 2 s, 4 s… up to
 *   LOGIN_MAX_DELAY_SECONDS); a browser that signed into the account before (its device cookie,
 *   device-cookie.ts) is keyed by that browser instead of its address, so a stranger on the same network
 *   does not slow the owner;
 * - per address over every account (AUTH_RATE_LIMIT_PER_15_MIN free failures, then the same growth),
 *   except for a browser trying the account its cookie names, which only its own key slows.
 * Nothing is keyed by the account alone, so nobody can slow its owner from elsewhere. The price: a
 * botnet with many addresses gets LOGIN_FAILURES_BEFORE_DELAY guesses per address and a few more as
 * the delay grows; the password policy (common passwords refused) is the defence there. A completed
 * reset forgets the account's failures everywhere (`forgetAccount`). Failures are forgotten an hour
 * after the last one (or twice the longest delay).
 */
export interface LoginThrottles {
  /** Counts one password attempt on `email`; refuses (429 + Retry-After) while a delay runs. */
  attempt(req: Request, res: Response, email: string): Promise<{ succeeded(): Promise<void> }>;
  /** A completed password reset: the account's failures from every address and browser are forgotten. */
  forgetAccount(email: string): Promise<void>;
}

export function createLoginThrottles(pool: pg.Pool, config: Config, devices: DeviceCookies): LoginThrottles {
  const maxDelayMs = config.loginThrottle.maxDelaySeconds * 1000;
  const forgetMs = Math.max(HOUR_MS, 2 * maxDelayMs);
  const pair = new ProgressiveDelay(pool, 'login-pair:', { free: config.loginThrottle.failuresBeforeDelay, maxDelayMs, forgetMs });
  const address = new ProgressiveDelay(pool, 'login-ip:', { free: config.authRateLimitPer15Min, maxDelayMs, forgetMs });
  const message = (ms: number) =>
    `Too many failed sign-in attempts. Try again in ${ms < 90_000 ? `${Math.max(1, Math.ceil(ms / 1000))} seconds` : `${Math.ceil(ms / 60_000)} minutes`}, or reset your password.`;

  return {
    async attempt(req, res, email) {
      const device = devices.read(req, email);
      const ip = clientIpKey(req);
      const pairKey = `${accountKey(email)}:${device ? `d:${device}` : ip}`;
      // The address first (it is not counted for a browser the account knows): an address that is
      // waiting does not also add to the pair's count.
      if (!device) {
        const byAddress = await address.claim(ip);
        if (!byAddress.counted) throw rateLimited(res, byAddress.retryAfterMs, message(byAddress.retryAfterMs));
      }
      const byPair = await pair.claim(pairKey);
      if (!byPair.counted) {
        if (!device) await address.giveBack(ip);
        throw rateLimited(res, byPair.retryAfterMs, message(byPair.retryAfterMs));
      }
      return {
        // Right password: this address (or browser) and account start afresh; the address gets its attempt back.
        succeeded: async () => {
          await Promise.all([pair.forget(pairKey), device ? undefined : address.giveBack(ip)]);
        },
      };
    },
    forgetAccount: (email) => pair.forgetAll(`${accountKey(email)}:`),
  };
}
