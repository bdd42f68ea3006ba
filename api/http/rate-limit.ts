import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store, type IncrementResponse } from 'express-rate-limit';
import type pg from 'pg';
import { decrementHits, deleteHits, incrementHits } from '../../db/rate-limit/hits';
import { AppError } from './errors';

/**
 * A fixed-window counter in PostgreSQL (table rate_limit_hits), shared by every web process.
 * One upsert per request: the window restarts when reset_at has passed.
 */
export class PgRateLimitStore implements Store {
  prefix: string;
  constructor(
    private readonly pool: pg.Pool,
    prefix: string,
    /** Set by express-rate-limit through init(); given here when the store is used directly. */
    private windowMs = 60_000,
  ) {
    this.prefix = prefix;
  }
  init(options: Options): void {
    this.windowMs = options.windowMs;
  }
  async increment(key: string): Promise<IncrementResponse> {
    const { hits, resetAt } = await incrementHits(this.pool, this.prefix + key, this.windowMs);
    return { totalHits: hits, resetTime: resetAt };
  }
  async decrement(key: string): Promise<void> {
    await decrementHits(this.pool, this.prefix + key);
  }
  async resetKey(key: string): Promise<void> {
    await deleteHits(this.pool, this.prefix + key);
  }
}

/**
 * A per-client-address limit shared by every web process (counts in PostgreSQL); over it the
 * request gets 429 RATE_LIMITED with `message` and standard RateLimit headers.
 */
export function pgRateLimit(pool: pg.Pool, opts: { name: string; windowMs: number; limit: number; message: string }) {
  return rateLimit({
    windowMs: opts.windowMs,
    limit: opts.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new PgRateLimitStore(pool, `${opts.name}:`),
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', opts.message)),
  });
}

/** Throttles credential endpoints (register, forgot/reset password) per client IP; every request counts. */
export function authRateLimit(pool: pg.Pool, name: string, limit: number) {
  return pgRateLimit(pool, { name, windowMs: 15 * 60 * 1000, limit, message: 'Too many attempts. Please wait a few minutes and try again.' });
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The client's address as express-rate-limit keys it (IPv6 grouped by /56, so one host cannot rotate). */
export function clientIpKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown');
}

/** An account's key: a hash of the normalised email, so rate_limit_hits holds no addresses. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);
}

/**
 * Counts failed attempts only (successful sign-ins must not use up a budget). The
 * attempt is counted up front in one atomic upsert, so a parallel burst cannot slip past the
 * limit, and `succeeded()` gives it back before the response is sent.
 */
export class FailureThrottle {
  private readonly store: PgRateLimitStore;
  constructor(
    pool: pg.Pool,
    name: string,
    private readonly limit: number,
    private readonly message: string,
    windowMs = FIFTEEN_MINUTES,
  ) {
    this.store = new PgRateLimitStore(pool, `${name}:`, windowMs);
  }

  /** Counts one attempt; over the limit it sets Retry-After and throws RATE_LIMITED (429). */
  async attempt(key: string, res: Response): Promise<{ succeeded(): Promise<void> }> {
    const { totalHits, resetTime } = await this.store.increment(key);
    if (totalHits > this.limit) {
      const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? 0) - Date.now()) / 1000));
      res.setHeader('Retry-After', String(seconds));
      throw new AppError('RATE_LIMITED', this.message);
    }
    return { succeeded: () => this.store.decrement(key) };
  }
}
