import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isForbiddenWebhookHeader } from '../../contracts/flows';
import { blockedReason, type GuardOptions } from './address-policy';
import { linkedAbort } from '../../contracts/abort';

/**
 * Outbound HTTP to a URL a user typed (webhook node), refusing every address that isn't public
 * (address-policy.ts, ARCHITECTURE.md#security). The address is checked after DNS resolution and the
 * connection goes to exactly that checked address, so a name that resolves differently a second
 * time (DNS rebinding) can't slip through. Redirects are not followed.
 *
 * `timeoutMs` is a deadline for the whole call — DNS, connect, headers and body — because a
 * server that trickles a byte at a time never trips an idle timeout.
 */

export type { GuardOptions } from './address-policy';

/** Refused before anything was sent. The message never names the address (it would map internal DNS). */
export class BlockedAddressError extends Error {
  constructor(
    message: string,
    /** The resolved address and why it was refused: for our logs only. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The call did not finish within its deadline. */
export class DeadlineError extends Error {}

export interface GuardedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body went past `maxBodyBytes`: the connection was closed there and `body` is its start. */
  truncated: boolean;
}

export interface GuardedRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBodyBytes?: number;
  /** Aborts the call early (worker shutdown); rejects with the signal's reason. */
  signal?: AbortSignal;
}

export async function guardedFetch(url: string, init: GuardedRequest, opts: GuardOptions): Promise<GuardedResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new BlockedAddressError(`Only http and https URLs can be called (${target.protocol})`);
  const abortError = (): Error => (init.signal?.aborted ? asError(init.signal.reason) : new DeadlineError(`No complete response within ${init.timeoutMs} ms`));
  const { signal, dispose } = deadlineSignal(init.timeoutMs, init.signal);
  try {
    return await call(target, init, opts, signal, abortError);
  } finally {
    dispose();
  }
}

/**
 * Aborts at `timeoutMs` or when `outer` aborts. Deliberately a plain timer and listener, not
 * `AbortSignal.any([outer, AbortSignal.timeout(ms)])`: Node's timeout timer holds its signal only
 * weakly and a composite holds its sources weakly, so once the call is in flight nothing keeps the
 * deadline alive and a garbage collection can silently cancel it — a trickling endpoint then held
 * a worker slot and its workspace's webhook queue indefinitely (seen under load in CI).
 */
export function deadlineSignal(timeoutMs: number, outer?: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const linked = linkedAbort([outer]);
  const timer = setTimeout(() => linked.controller.abort(new DeadlineError(`No complete response within ${timeoutMs} ms`)), timeoutMs);
  return {
    signal: linked.signal,
    dispose: () => {
      clearTimeout(timer);
      linked.dispose();
    },
  };
}

async function call(target: URL, init: GuardedRequest, opts: GuardOptions, signal: AbortSignal, abortError: () => Error): Promise<GuardedResponse> {
  if (signal.aborted) throw abortError();

  const host = target.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await untilAborted(resolveAll(host), signal, abortError);
  for (const a of addresses) {
    const reason = blockedReason(a.address, opts);
    if (reason) {
      throw new BlockedAddressError(
        `Refused to call ${target.host}: the host resolves to a private or loopback address. Webhooks may only call public addresses.`,
        `${a.address}: ${reason}`,
      );
    }
  }
  const pinned = addresses[0]!;
  const lib = target.protocol === 'https:' ? https : http;
  const maxBody = init.maxBodyBytes ?? 64 * 1024;
  // The caller never chooses the Host or the message framing: Node sets them from the URL and body.
  const headers = Object.fromEntries(Object.entries(init.headers).filter(([name]) => !isForbiddenWebhookHeader(name)));

  return new Promise<GuardedResponse>((resolve, reject) => {
    let settled = false;
    const finish = (err: unknown, res?: GuardedResponse) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (res) resolve(res);
      else reject(asError(err));
    };
    const onAbort = () => {
      const err = abortError();
      req.destroy(err);
      finish(err);
    };
    const req = lib.request(
      target,
      {
        method: init.method,
        headers,
        // Connect to the address we checked, never a fresh resolution.
        lookup: (_hostname, options, cb) => {
          if ((options as { all?: boolean }).all) (cb as unknown as (e: null, a: LookupAddress[]) => void)(null, [pinned]);
          else cb(null, pinned.address, pinned.family);
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (truncated: boolean) =>
          finish(null, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), truncated });
        res.on('data', (c: Buffer) => {
          if (size + c.length > maxBody) {
            // Past the cap: keep what fits and hang up now rather than read the rest into the void.
            chunks.push(c.subarray(0, maxBody - size));
            size = maxBody;
            done(true);
            req.destroy();
            return;
          }
          size += c.length;
          chunks.push(c);
        });
        res.on('end', () => done(false));
        res.on('error', (err) => finish(err));
        res.on('close', () => finish(new Error('The connection closed before the response was complete')));
      },
    );
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err) => finish(err));
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true }, (err, all) => (err ? reject(err) : resolve(all))));
}

/** A lookup can't be cancelled, but we can stop waiting for it. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, reason: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(asError(err));
      },
    );
  });
}
