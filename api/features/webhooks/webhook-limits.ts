import express, { type RequestHandler } from 'express';
import type pg from 'pg';
import { AppError } from '../../http/errors';
import { pgRateLimit } from '../../http/rate-limit';

/** Meta batches up to 1,000 updates in one POST (docs/platform-apis.md §1.3); webhook routes alone get this limit. */
export const WEBHOOK_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/**
 * Bytes of webhook bodies one process buffers at once. Signatures are over the raw bytes, so a body
 * must be read whole before it can be checked; this bounds what unauthenticated senders can make us
 * hold (24 concurrent 10 MB POSTs took RSS from 141 MB to 435 MB). Past it the sender
 * gets a 503 with Retry-After, which Meta and X treat as "retry later".
 */
export const WEBHOOK_INFLIGHT_BUDGET_BYTES = 4 * WEBHOOK_BODY_LIMIT_BYTES;

let inflight = 0;

/** For tests: bytes currently reserved by webhook bodies being read. */
export function webhookBytesInFlight(): number {
  return inflight;
}

/**
 * Reads a signed webhook's raw body only when it could be genuine: a signature header of the
 * platform's exact shape must be present (else 403 before a byte of the body is read), the declared
 * length must fit, and the process-wide budget must have room for it.
 */
export function signedRawBody(opts: { headers: string[]; format: RegExp; limitBytes?: number }): RequestHandler[] {
  const limit = opts.limitBytes ?? WEBHOOK_BODY_LIMIT_BYTES;
  const reserve: RequestHandler = (req, res, next) => {
    const signed = opts.headers.some((h) => opts.format.test(req.get(h) ?? ''));
    // Connection: close so Node does not keep draining an unread upload to reuse the socket.
    if (!signed) {
      res.set('Connection', 'close');
      return next(new AppError('FORBIDDEN', 'Invalid webhook signature'));
    }
    const declared = Number(req.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      res.set('Connection', 'close');
      return next(new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large'));
    }
    // Chunked uploads declare nothing: reserve the worst case.
    const bytes = Number.isFinite(declared) ? declared : limit;
    if (inflight + bytes > WEBHOOK_INFLIGHT_BUDGET_BYTES) {
      res.set({ 'Retry-After': '5', Connection: 'close' });
      return next(new AppError('UNAVAILABLE', 'Too many webhook deliveries in flight; retry shortly'));
    }
    inflight += bytes;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inflight -= bytes;
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };
  return [reserve, rawBody(limit)];
}

/**
 * The body as one Buffer (`req.body`), read straight from the socket: what `express.raw` does for an
 * unencoded body, without its per-request machinery (content-type check, on-finished and raw-body
 * listeners, stream unpiping), which cost more than the rest of a 1-event delivery's parsing. A
 * compressed body (`Content-Encoding`) still goes through `express.raw`, which inflates it.
 * Past `limit` bytes: 413 and the connection closed; a length that does not match Content-Length,
 * or a client that hangs up: 400, as body-parser answers.
 */
function rawBody(limit: number): RequestHandler {
  const inflating = express.raw({ type: () => true, limit });
  return (req, res, next) => {
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return inflating(req, res, next);
    const declared = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (err?: AppError) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('error', onError);
      if (err) {
        res.set('Connection', 'close');
        req.resume(); // discard the rest; the connection closes after the answer
        next(err);
        return;
      }
      req.body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      next();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) settle(new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large'));
      else chunks.push(chunk);
    };
    const onEnd = () => settle(declared !== null && declared !== size ? new AppError('BAD_REQUEST', 'Request size did not match Content-Length') : undefined);
    const onAborted = () => settle(new AppError('BAD_REQUEST', 'Request aborted'));
    const onError = () => settle(new AppError('BAD_REQUEST', 'Request body could not be read'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onError);
  };
}

/** `sha256=` + 64 hex digits (Meta's X-Hub-Signature-256; uppercase hex is accepted too). */
export const META_SIGNATURE_FORMAT = /^sha256=[0-9a-fA-F]{64}$/;
/** `sha256=` + base64 of a 32-byte HMAC (X's webhook signature headers). */
export const X_SIGNATURE_FORMAT = /^sha256=[A-Za-z0-9+/]{43}=$/;

/** X calls the CRC on registration and about hourly; 30 a minute per address is far above that. */
export function crcRateLimit(pool: pg.Pool): RequestHandler {
  return pgRateLimit(pool, { name: 'x-crc', windowMs: 60_000, limit: 30, message: 'Too many CRC requests' });
}
