import { BlockedAddressError, guardedFetch } from '../integrations/http/guarded-fetch';
import type { ActivityOutcome } from './activity-outcome';

export interface WebhookCall {
  method: string;
  url: string;
  headers: { key: string; value: string }[];
  body: string;
  /** `runId:seq`: sent as Idempotency-Key so the receiver can drop a retried delivery. */
  idempotencyKey: string;
}

/**
 * The webhook node: one HTTP call to a user's URL through the SSRF guard. 2xx → the response
 * (JSON parsed when it is JSON) is the output; 408/429/5xx and network errors are retryable; other
 * statuses and refused addresses are terminal.
 */
export async function callWebhook(call: WebhookCall, opts: { allowLoopback: boolean; timeoutMs: number }): Promise<ActivityOutcome> {
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
    const res = await guardedFetch(call.url, { method: call.method, headers, body: hasBody ? call.body : undefined, timeoutMs: opts.timeoutMs }, { allowLoopback: opts.allowLoopback });
    const body = parseBody(res.body, res.headers['content-type']);
    if (res.status >= 200 && res.status < 300) return { ok: true, output: { status: res.status, body } };
    const error = `HTTP ${res.status}${res.body ? `: ${res.body.slice(0, 300)}` : ''}`;
    if (res.status === 408 || res.status === 429 || res.status >= 500) return { ok: false, retryable: true, error };
    return { ok: false, retryable: false, error };
  } catch (err) {
    if (err instanceof BlockedAddressError) return { ok: false, retryable: false, error: err.message };
    if (err instanceof TypeError && /Invalid URL/i.test(err.message)) return { ok: false, retryable: false, error: `Invalid URL: ${call.url}` };
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND') return { ok: false, retryable: true, error: `Could not resolve ${new URL(call.url).hostname}` };
    return { ok: false, retryable: true, error: (err as Error).message || String(err) };
  }
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
