import { BlockedAddressError, DeadlineError, guardedFetch } from '../integrations/http/guarded-fetch';
import type { ActivityOutcome } from './activity-outcome';

export interface WebhookCall {
  method: string;
  url: string;
  headers: { key: string; value: string }[];
  body: string;
  /** `runId:seq`: sent as Idempotency-Key so the receiver can drop a retried delivery. */
  idempotencyKey: string;
}

export interface WebhookCallOptions {
  allowLoopback: boolean;
  /** Deadline of the whole call (WEBHOOK_TIMEOUT_MS): connect, headers and body. */
  timeoutMs: number;
  /** Worker shutdown: the call is abandoned and this throws, so the caller can hand it on unrecorded. */
  signal?: AbortSignal;
}

/**
 * The webhook node: one HTTP call to a user's URL through the SSRF guard. 2xx → the response
 * (JSON parsed when it is JSON) is the output; 408/429/5xx, the deadline and network errors are
 * retryable; other statuses and refused addresses are terminal. Headers the node may not set
 * (Host, hop-by-hop) are dropped by the guard, for flows saved before they were refused.
 */
export async function callWebhook(call: WebhookCall, opts: WebhookCallOptions): Promise<ActivityOutcome> {
  const headers: Record<string, string> = { 'user-agent': 'Replypilot-Webhook/1.0', 'idempotency-key': call.idempotencyKey };
  const hasBody = call.method !== 'GET' && call.body.trim() !== '';
  if (hasBody) headers['content-type'] = 'application/json';
  for (const h of call.headers) headers[h.key.toLowerCase()] = h.value;
  if (hasBody) {
    try {
      JSON.parse(call.body);
    } catch {
      return { ok: false, retryable: false, error: 'The body template did not produce valid JSON' };
    }
  }
  try {
    const res = await guardedFetch(
      call.url,
      { method: call.method, headers, body: hasBody ? call.body : undefined, timeoutMs: opts.timeoutMs, ...(opts.signal ? { signal: opts.signal } : {}) },
      { allowLoopback: opts.allowLoopback },
    );
    const body = parseBody(res.body, res.headers['content-type']);
    if (res.status >= 200 && res.status < 300) return { ok: true, output: { status: res.status, body } };
    const error = `HTTP ${res.status}${res.body ? `: ${res.body.slice(0, 300)}` : ''}`;
    if (res.status === 408 || res.status === 429 || res.status >= 500) return { ok: false, retryable: true, error };
    return { ok: false, retryable: false, error };
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    if (err instanceof BlockedAddressError) return { ok: false, retryable: false, error: err.message };
    if (err instanceof DeadlineError) return { ok: false, retryable: true, error: err.message };
    if (err instanceof TypeError && /Invalid URL/i.test(err.message)) return { ok: false, retryable: false, error: `Invalid URL: ${call.url}` };
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND') return { ok: false, retryable: true, error: `Could not resolve ${new URL(call.url).hostname}` };
    return { ok: false, retryable: true, error: networkError(err) };
  }
}

/** Node's socket errors name the address they connected to ("connect ECONNREFUSED 10.0.0.5:80"); say what happened without it. */
function networkError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  const known: Record<string, string> = {
    ECONNREFUSED: 'Connection refused',
    ECONNRESET: 'Connection reset',
    ETIMEDOUT: 'Connection timed out',
    EHOSTUNREACH: 'Host unreachable',
    ENETUNREACH: 'Network unreachable',
    EAI_AGAIN: 'Name lookup failed, will retry',
  };
  if (code && known[code]) return `${known[code]} (${code})`;
  if (code && /^E[A-Z_]+$/.test(code)) return `Network error (${code})`;
  return (err as Error).message || String(err);
}

function parseBody(text: string, contentType: string | string[] | undefined): unknown {
  if (!text) return null;
  if (String(contentType ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text.slice(0, 10_000);
    }
  }
  return text.slice(0, 10_000);
}
