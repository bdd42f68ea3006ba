import { createHmac, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { constantTimeEqual } from '../../integrations/meta/webhook-signature';

export const DEVICE_COOKIE = 'rp_device';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Device cookies (OWASP, "slow down online guessing attacks with device cookies"): a browser that
 * signed into an account with its password gets a long-lived signed cookie naming that account and
 * a random device id. Its later sign-ins to that account are throttled per device instead of per
 * account, so a stranger who locked the account by failing its password does not lock out the owner's
 * browser. The cookie grants nothing else: the password is still checked, and the per-address limit
 * still applies.
 */
export interface DeviceCookies {
  /** The device id, when the request carries a valid cookie for this email. */
  read(req: Request, email: string): string | null;
  /** Sets (or renews) the cookie for this email after a successful sign-in; keeps the device id if one is given. */
  issue(res: Response, email: string, deviceId: string | null): void;
}

export function deviceCookies(secret: string, secure: boolean): DeviceCookies {
  const key = createHmac('sha256', secret).update('replypilot device cookie v1').digest();
  const sign = (deviceId: string, email: string) => createHmac('sha256', key).update(`${deviceId}:${email.trim().toLowerCase()}`).digest('base64url');
  return {
    read(req, email) {
      const value = cookieValue(req.headers.cookie, DEVICE_COOKIE);
      const [deviceId, signature] = value?.split('.') ?? [];
      if (!deviceId || !signature || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) return null;
      return constantTimeEqual(signature, sign(deviceId, email)) ? deviceId : null;
    },
    issue(res, email, deviceId) {
      const id = deviceId ?? randomBytes(16).toString('base64url');
      res.cookie(DEVICE_COOKIE, `${id}.${sign(id, email)}`, { httpOnly: true, sameSite: 'lax', secure, maxAge: ONE_YEAR_MS, path: '/api/auth' });
    },
  };
}

/** One cookie's value from a Cookie header, undefined when absent (no dependency for one name). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
