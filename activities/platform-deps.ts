import type pg from 'pg';
import type { Config } from '../config/config';
import { createTokenCipher, type TokenCipher } from '../integrations/crypto/token-cipher';
import type { MetaHosts } from '../integrations/meta/meta-send';
import type { XClientConfig } from '../integrations/x/x-api';

/** What platform sends need besides the database: hosts, retry policy, the token cipher. */
export interface PlatformDeps {
  meta: MetaHosts;
  /** The Meta app (FACEBOOK_APP_ID / FACEBOOK_APP_SECRET), for `debug_token`; null when not set. */
  metaApp: { appId: string; appSecret: string } | null;
  /** null when X is not configured (X_CLIENT_ID / X_CLIENT_SECRET). */
  x: XClientConfig | null;
  sendRetry: { baseMs: number; maxAttempts: number };
  cipher: TokenCipher;
}

export function platformDepsFromConfig(config: Config, encryptionKey: string): PlatformDeps {
  return {
    meta: {
      graphBaseUrl: config.meta.graphBaseUrl,
      instagramGraphBaseUrl: config.meta.instagramGraphBaseUrl,
      graphApiVersion: config.meta.graphApiVersion,
      timeoutMs: config.platformHttpTimeoutMs,
    },
    metaApp: config.facebook ?? null,
    x: config.x
      ? { clientId: config.x.clientId, clientSecret: config.x.clientSecret, authorizeUrl: config.x.authorizeUrl, apiBaseUrl: config.x.apiBaseUrl, timeoutMs: config.platformHttpTimeoutMs }
      : null,
    sendRetry: config.sendRetry,
    cipher: createTokenCipher(encryptionKey),
  };
}

/**
 * Registered once per database pool at boot (bin/boot.ts), so `sendOutbound(pool, ledgerId)` keeps
 * its two-argument signature for every caller (outbound.send job, flow runtime, inbox) while
 * several apps in one test process each keep their own hosts and keys.
 */
const registry = new WeakMap<pg.Pool, PlatformDeps>();

export function registerPlatformDeps(pool: pg.Pool, deps: PlatformDeps): void {
  registry.set(pool, deps);
}

export function platformDepsFor(pool: pg.Pool): PlatformDeps {
  const deps = registry.get(pool);
  if (!deps) throw new Error('Platform sends are not configured for this database pool (registerPlatformDeps at boot)');
  return deps;
}
