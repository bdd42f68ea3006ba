import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store, type IncrementResponse } from 'express-rate-limit';
import type pg from 'pg';
import { claimDelayedAttempt, decrementHits, deleteHits, deleteHitsWithPrefix, incrementHits } from '../../db/rate-limit/hits';
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

/** The client's address as express-rate-limit keys it (IPv6 grouped by /56, so one host cannot rotate). */
export function clientIpKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown');
}

/** An account's key: a hash of the normalised email, so rate_limit_hits holds no addresses. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);
}

/**
 * A delay that grows with failures (OWASP's advice over hard lockouts): a key's first `free` failures
 * cost nothing, each later one must wait `baseMs × 2^(n − free)` (at most `maxDelayMs`) after the one
 * before, and failures are forgotten `forgetMs` after the last. Every attempt is counted up front in
 * one atomic statement (db/rate-limit/hits.ts), so a parallel burst cannot slip past; `giveBack` returns
 * it when it succeeded.
 */
export class ProgressiveDelay {
  constructor(
    private readonly pool: pg.Pool,
    readonly prefix: string,
    private readonly opts: { free: number; maxDelayMs: number; forgetMs: number; baseMs?: number },
  ) {}

  /** Counts one attempt, or says how long this key must still wait. */
  claim(key: string): Promise<{ counted: true } | { counted: false; retryAfterMs: number }> {
    return claimDelayedAttempt(this.pool, this.prefix + key, { ...this.opts, baseMs: this.opts.baseMs ?? 1000 });
  }
  giveBack(key: string): Promise<void> {
    return decrementHits(this.pool, this.prefix + key);
  }
  forget(key: string): Promise<void> {
    return deleteHits(this.pool, this.prefix + key);
  }
  /** Forgets every key that starts with `keyPrefix` (after this delay's own prefix). */
  forgetAll(keyPrefix: string): Promise<void> {
    return deleteHitsWithPrefix(this.pool, this.prefix + keyPrefix);
  }
}

/** 429 RATE_LIMITED with Retry-After in whole seconds. */
export function rateLimited(res: Response, retryAfterMs: number, message: string): AppError {
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new AppError('RATE_LIMITED', message);
}
