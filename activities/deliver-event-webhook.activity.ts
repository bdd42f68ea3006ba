import { Webhook } from 'standardwebhooks';
import type { AttemptOutcome, ClaimedDelivery } from '../db/event-webhooks/deliveries';
import type { TokenCipher } from '../integrations/crypto/token-cipher';
import { BlockedAddressError, DeadlineError, guardedFetch } from '../integrations/http/guarded-fetch';

export interface DeliveryCallOptions {
  /** The webhook node's loopback override (WEBHOOK_ALLOW_LOOPBACK): tests and local development only. */
  allowLoopback: boolean;
  /** Deadline of one POST (WEBHOOK_TIMEOUT_MS): connect, headers and body. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * One delivery attempt, signed the Standard Webhooks way (docs/api-webhooks.md): `webhook-id` (the
 * delivery's, the same on every attempt), `webhook-timestamp` (this attempt, seconds) and
 * `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`, a second one with the previous
 * secret during a rotation's grace). Through the webhook node's address guard: a private address is
 * refused for good. 2xx is delivered; anything else, a timeout or a network error is retried.
 */
export async function deliverEventWebhook(d: ClaimedDelivery, cipher: TokenCipher, opts: DeliveryCallOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const body = JSON.stringify(d.payload);
  const at = new Date();
  const signatures = [d.secret_enc, d.previous_secret_enc]
    .filter((s): s is string => s !== null)
    .map((enc) => new Webhook(cipher.decrypt(enc)).sign(d.event_id, at, body));
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Replypilot-Webhooks/1.0',
    'webhook-id': d.event_id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
  const elapsed = () => performance.now() - started;
  try {
    const res = await guardedFetch(
      d.url,
      { method: 'POST', headers, body, timeoutMs: opts.timeoutMs, maxBodyBytes: 1024, ...(opts.signal ? { signal: opts.signal } : {}) },
      { allowLoopback: opts.allowLoopback },
    );
    const ok = res.status >= 200 && res.status < 300;
    return {
      id: d.id,
      ok,
      retry: !ok,
      statusCode: res.status,
      error: ok ? null : `HTTP ${res.status}${res.body ? `: ${res.body.slice(0, 200)}` : ''}`,
      responseMs: elapsed(),
    };
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    if (err instanceof BlockedAddressError) return { id: d.id, ok: false, retry: false, statusCode: null, error: err.message, responseMs: elapsed() };
    const code = (err as NodeJS.ErrnoException).code;
    const error = err instanceof DeadlineError ? err.message : code ? `Network error (${code})` : (err as Error).message || String(err);
    return { id: d.id, ok: false, retry: true, statusCode: null, error, responseMs: elapsed() };
  }
}
