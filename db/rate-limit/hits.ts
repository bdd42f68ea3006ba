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
