import { rateLimit, type Options, type Store, type IncrementResponse } from 'express-rate-limit';
import type pg from 'pg';
import { z } from 'zod';
import { AppError } from './errors';

const hitRowSchema = z.object({ hits: z.number().int(), reset_at: z.date() });

/**
 * A fixed-window counter in PostgreSQL (table rate_limit_hits), shared by every web process.
 * One upsert per request: the window restarts when reset_at has passed.
 */
export class PgRateLimitStore implements Store {
  private windowMs = 60_000;
  prefix: string;
  constructor(
    private readonly pool: pg.Pool,
    prefix: string,
  ) {
    this.prefix = prefix;
  }
  init(options: Options): void {
    this.windowMs = options.windowMs;
  }
  async increment(key: string): Promise<IncrementResponse> {
    const { rows } = await this.pool.query(
      `insert into rate_limit_hits (key, hits, reset_at)
       values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
       on conflict (key) do update set
         hits = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.hits + 1 end,
         reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
       returning hits, reset_at`,
      [this.prefix + key, this.windowMs],
    );
    const row = hitRowSchema.parse(rows[0]);
    return { totalHits: row.hits, resetTime: row.reset_at };
  }
  async decrement(key: string): Promise<void> {
    await this.pool.query('update rate_limit_hits set hits = greatest(hits - 1, 0) where key = $1', [this.prefix + key]);
  }
  async resetKey(key: string): Promise<void> {
    await this.pool.query('delete from rate_limit_hits where key = $1', [this.prefix + key]);
  }
}

/** Throttles credential endpoints (login, register) per client IP. */
export function authRateLimit(pool: pg.Pool, name: string, limit: number) {
  return rateLimit({
    windowMs: 15 * 60 * 1000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new PgRateLimitStore(pool, `${name}:`),
    handler: (_req, _res, next) =>
      next(new AppError('RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.')),
  });
}
