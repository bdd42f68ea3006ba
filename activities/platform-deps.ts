import type { Config } from '../config/config';
import type { TokenCipher } from '../integrations/crypto/token-cipher';
import type { MetaHosts } from '../integrations/meta/meta-send';
import type { XClientConfig } from '../integrations/x/x-api';
import { sendLimitsFromConfig } from '../db/sends/send-limits';
import { createCallPace, type CallPace } from './sends/call-pace';

/**
 * What platform sends and account checks need besides the database: hosts, retry policy, the token
 * cipher. Passed in explicitly (createSender in send-outbound.activity.ts, checkAccountHealth), never
 * looked up: the process holds no registry of them, so two apps in one test process each keep theirs.
 */
export interface PlatformDeps {
  meta: MetaHosts;
  /** The Meta app (FACEBOOK_APP_ID / FACEBOOK_APP_SECRET), for `debug_token`; null when not set. */
  metaApp: { appId: string; appSecret: string } | null;
  /** null when X is not configured (X_CLIENT_ID / X_CLIENT_SECRET). */
  x: XClientConfig | null;
  sendRetry: { baseMs: number; maxAttempts: number };
  cipher: TokenCipher;
  /** How long a claimed send stays `sending` before it counts as dead (ADR 0021); default 3 × the HTTP timeout + 30 s. */
  sendLeaseMs?: number;
  /** Written on the rows this process claims (`send_owner`), to tell whose call is in flight. */
  sendOwner?: string;
  /** This process's account buckets at the moment a claim's calls leave (ADR 0056); none: the slots alone pace. */
  callPace?: CallPace;
}

export function platformDepsFromConfig(config: Config, cipher: TokenCipher): PlatformDeps {
  return {
    meta: {
      graphBaseUrl: config.meta.graphBaseUrl,
      instagramGraphBaseUrl: config.meta.instagramGraphBaseUrl,
      graphApiVersion: config.meta.graphApiVersion,
      timeoutMs: config.platformHttpTimeoutMs,
    },
    metaApp: config.facebook ?? null,
    x: config.x
      ? {
          clientId: config.x.clientId,
          clientSecret: config.x.clientSecret,
          authorizeUrl: config.x.authorizeUrl,
          apiBaseUrl: config.x.apiBaseUrl,
          timeoutMs: config.platformHttpTimeoutMs,
        }
      : null,
    sendRetry: config.sendRetry,
    cipher,
    callPace: createCallPace(sendLimitsFromConfig(config)),
  };
}
