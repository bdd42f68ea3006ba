import type pg from 'pg';
import { z } from 'zod';

const hitRowSchema = z.object({ hits: z.number().int(), reset_at: z.date() });

/**
 * Counts one hit for `key` in its fixed window (table rate_limit_hits): one upsert, the window
 * restarts when reset_at has passed.
 */
export async function incrementHits(pool: Pick<pg.Pool, 'query'>, key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
  const { rows } = await pool.query(
    `insert into rate_limit_hits (key, hits, reset_at)
     values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
     on conflict (key) do update set
       hits = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.hits + 1 end,
       reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
     returning hits, reset_at`,
    [key, windowMs],
  );
  const row = hitRowSchema.parse(rows[0]);
  return { hits: row.hits, resetAt: row.reset_at };
}

/** Gives one hit back (never below zero). */
export async function decrementHits(pool: Pick<pg.Pool, 'query'>, key: string): Promise<void> {
  await pool.query('update rate_limit_hits set hits = greatest(hits - 1, 0) where key = $1', [key]);
}

export async function deleteHits(pool: Pick<pg.Pool, 'query'>, key: string): Promise<void> {
  await pool.query('delete from rate_limit_hits where key = $1', [key]);
}

/**
 * One attempt against a progressive delay (api/http/rate-limit.ts ProgressiveDelay), in one atomic
 * upsert: counted when the key's delay has run out (or it has fewer than `free` failures, or they are
 * forgotten), refused otherwise. A row's reset_at is its last counted attempt + `forgetMs`, so the
 * delay runs from that attempt. Refused: how long until it would be counted.
 */
export async function claimDelayedAttempt(
  pool: Pick<pg.Pool, 'query'>,
  key: string,
  opts: { free: number; baseMs: number; maxDelayMs: number; forgetMs: number },
): Promise<{ counted: true; hits: number } | { counted: false; retryAfterMs: number }> {
  // delay(h) = h < free ? 0 : min(maxDelay, base * 2^(h - free)); the exponent is capped so power() cannot overflow.
  const delay = (hits: string) => `make_interval(secs => least($5::double precision, $4::double precision * power(2, least(${hits} - $3, 40))) / 1000)`;
  const forget = 'make_interval(secs => $2::double precision / 1000)';
  const claimed = await pool.query(
    `insert into rate_limit_hits as r (key, hits, reset_at) values ($1, 1, now() + ${forget})
     on conflict (key) do update set
       hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
       reset_at = now() + ${forget}
     where r.reset_at <= now() or r.hits < $3 or now() >= r.reset_at - ${forget} + ${delay('r.hits')}
     returning hits`,
    [key, opts.forgetMs, opts.free, opts.baseMs, opts.maxDelayMs],
  );
  if (claimed.rows.length > 0) return { counted: true, hits: z.object({ hits: z.number() }).parse(claimed.rows[0]).hits };
  const { rows } = await pool.query(
    `select greatest(0, extract(epoch from (reset_at - ${forget} + ${delay('hits')}) - now()) * 1000)::int as wait
       from rate_limit_hits where key = $1`,
    [key, opts.forgetMs, opts.free, opts.baseMs, opts.maxDelayMs],
  );
  return { counted: false, retryAfterMs: z.object({ wait: z.number() }).parse(rows[0] ?? { wait: 0 }).wait };
}

/** Forgets every key starting with `prefix` (an account's sign-in failures from every address and browser). */
export async function deleteHitsWithPrefix(pool: Pick<pg.Pool, 'query'>, prefix: string): Promise<void> {
  await pool.query(`delete from rate_limit_hits where starts_with(key, $1)`, [prefix]);
}
