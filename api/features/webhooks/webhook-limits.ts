import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import { AppError } from '../../http/errors';
import { clientIpKey, pgRateLimit } from '../../http/rate-limit';

/**
 * The largest body a webhook route reads: 1,000 updates (Meta's documented batch maximum) of 4 KiB
 * each. docs/platform-apis.md §1.8 derives the figure; a larger body is refused (413) unread.
 */
export const WEBHOOK_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/**
 * Bytes of webhook bodies this process holds while they are still arriving, counted as they arrive:
 * a signature can only be checked once the whole body is here, so these bytes are unauthenticated.
 * Counting received bytes (not declared lengths) means a sender that trickles holds only what it
 * sent (counting declared lengths, four 10 MB declarations held the whole budget). Past it: 503
 * with Retry-After, which Meta and X treat as "retry later".
 */
export const WEBHOOK_INFLIGHT_BUDGET_BYTES = 8 * WEBHOOK_BODY_LIMIT_BYTES;
/**
 * Declared bytes one source address may have arriving at once: one largest delivery. A platform
 * sends from many addresses and each delivery arrives in milliseconds; past it: 429 with Retry-After.
 * The source is the socket's address, or X-Forwarded-For as far as TRUST_PROXY trusts it (req.ip).
 */
export const WEBHOOK_PER_SOURCE_BYTES = WEBHOOK_BODY_LIMIT_BYTES;
/** What a delivery counts against its source at least, so a source cannot hold unlimited empty uploads open. */
const MIN_CLAIM_BYTES = 16 * 1024;
/**
 * The whole body must arrive this soon after its headers. X waits 10 s for the answer (§4.4) and Meta
 * 5 s (§1.3, §7.1): an upload slower than that is not a delivery either platform still waits for.
 * Past it: 408, the connection closed, and what the upload held given back.
 */
export const WEBHOOK_BODY_DEADLINE_MS = 10_000;

let received = 0;
const bySource = new Map<string, number>();

/** For tests and docs/security.md: bytes of webhook bodies received and not yet read whole, process-wide. */
export function webhookBytesInFlight(): number {
  return received;
}

/** For tests: declared bytes in flight from one source address (express-rate-limit's key of its req.ip). */
export function webhookSourceBytesInFlight(source: string): number {
  return bySource.get(source) ?? 0;
}

const inflaters: Record<string, (buf: Buffer, opts: zlib.ZlibOptions | zlib.BrotliOptions) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  'x-gzip': promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/**
 * Reads a signed webhook's raw body (`req.body`, one Buffer) only when it could be genuine, and bounds
 * what an unauthenticated sender can hold (docs/security.md): a signature header of the platform's
 * exact shape (else 403 before a byte is read), a declared length within WEBHOOK_BODY_LIMIT_BYTES
 * (else 413), room in its source's budget (else 429) and, chunk by chunk, in the process's (else
 * 503), and the whole body within WEBHOOK_BODY_DEADLINE_MS (else 408). Every refusal closes the
 * connection, and whatever the upload held is given back however it ends. The signature itself is
 * checked by the route, on these bytes; a gzip/deflate/br body is inflated to at most the same limit.
 */
export function signedRawBody(opts: {
  headers: string[];
  format: RegExp;
  limitBytes?: number;
  deadlineMs?: number;
  /** The answer to a missing or misshapen signature header: 403 (Meta, X), or 400 where the platform asks for it (Stripe, docs/platform-apis.md §8). */
  badSignature?: 'FORBIDDEN' | 'BAD_REQUEST';
}): RequestHandler {
  const limit = opts.limitBytes ?? WEBHOOK_BODY_LIMIT_BYTES;
  const deadlineMs = opts.deadlineMs ?? WEBHOOK_BODY_DEADLINE_MS;
  return (req, res, next) => {
    // Connection: close on every refusal, so Node does not keep reading an unwanted upload to reuse the socket.
    const refuse = (err: AppError, headers: Record<string, string> = {}) => {
      res.set({ ...headers, Connection: 'close' });
      req.resume(); // discard what still arrives; the socket closes after the answer
      next(err);
    };
    if (!opts.headers.some((h) => opts.format.test(req.get(h) ?? '')))
      return refuse(new AppError(opts.badSignature ?? 'FORBIDDEN', 'Invalid webhook signature'));
    const encoding = (req.get('content-encoding') ?? 'identity').toLowerCase();
    if (encoding !== 'identity' && !inflaters[encoding]) {
      return refuse(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Encoding (use gzip, deflate, br or none)'));
    }
    const header = req.get('content-length');
    const declared = header === undefined ? null : Number(header);
    if (declared !== null && !(Number.isSafeInteger(declared) && declared >= 0)) return refuse(new AppError('BAD_REQUEST', 'Invalid Content-Length'));
    if (declared !== null && declared > limit) return refuse(new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large'));

    const source = clientIpKey(req);
    // A chunked upload declares nothing: it counts as the largest.
    const claim = Math.max(declared ?? limit, MIN_CLAIM_BYTES);
    const sourceHeld = bySource.get(source) ?? 0;
    if (sourceHeld + claim > WEBHOOK_PER_SOURCE_BYTES) {
      return refuse(new AppError('RATE_LIMITED', 'Too many webhook deliveries in flight from this address; retry shortly'), { 'Retry-After': '5' });
    }
    bySource.set(source, sourceHeld + claim);

    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const timer = setTimeout(() => settle(new AppError('REQUEST_TIMEOUT', `The body did not arrive within ${deadlineMs / 1000} s`)), deadlineMs);
    timer.unref();
    function settle(err?: AppError, headers?: Record<string, string>) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('error', onError);
      req.off('close', onClose);
      received -= size;
      const left = (bySource.get(source) ?? claim) - claim;
      if (left > 0) bySource.set(source, left);
      else bySource.delete(source);
      if (err) return refuse(err, headers);
      const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      if (encoding === 'identity') {
        req.body = raw;
        return next();
      }
      inflaters[encoding]!(raw, { maxOutputLength: limit }).then(
        (body) => {
          req.body = body;
          next();
        },
        (e: unknown) =>
          next(
            (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
              ? new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large')
              : new AppError('BAD_REQUEST', 'The request body could not be decompressed (Content-Encoding does not match the body)'),
          ),
      );
    }
    function onData(chunk: Buffer) {
      if (size + chunk.length > limit) return settle(new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large'));
      if (received + chunk.length > WEBHOOK_INFLIGHT_BUDGET_BYTES) {
        return settle(new AppError('UNAVAILABLE', 'Too many webhook deliveries in flight; retry shortly'), { 'Retry-After': '5' });
      }
      size += chunk.length;
      received += chunk.length;
      chunks.push(chunk);
    }
    function onEnd() {
      settle(declared !== null && declared !== size ? new AppError('BAD_REQUEST', 'Request size did not match Content-Length') : undefined);
    }
    const onAborted = () => settle(new AppError('BAD_REQUEST', 'Request aborted'));
    const onError = () => settle(new AppError('BAD_REQUEST', 'Request body could not be read'));
    // A socket that closes before the body ended (aborted is not always emitted first): give back what it held.
    const onClose = () => settle(new AppError('BAD_REQUEST', 'Request aborted'));
    req.on('data', onData);
    req.on('close', onClose);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onError);
  };
}

/** `sha256=` + 64 hex digits (Meta's X-Hub-Signature-256; uppercase hex is accepted too). */
export const META_SIGNATURE_FORMAT = /^sha256=[0-9a-fA-F]{64}$/;
/** Stripe-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=…][,v0=…]` (docs/platform-apis.md §8); checked in full by the `stripe` package. */
export const STRIPE_SIGNATURE_FORMAT = /^t=\d{1,12},(?:v\d=[0-9a-f]{64},?){1,8}$/;
/** `sha256=` + base64 of a 32-byte HMAC (X's webhook signature headers). */
export const X_SIGNATURE_FORMAT = /^sha256=[A-Za-z0-9+/]{43}=$/;

/** X calls the CRC on registration and about hourly; 30 a minute per address is far above that. */
export function crcRateLimit(pool: pg.Pool): RequestHandler {
  return pgRateLimit(pool, { name: 'x-crc', windowMs: 60_000, limit: 30, message: 'Too many CRC requests' });
}
