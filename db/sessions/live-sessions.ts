import type pg from 'pg';
import { z } from 'zod';

const liveRowSchema = z.object({ sid: z.string(), user_id: z.string().nullable() });

/** Of `sids`, the sessions that exist and have not expired, each with its signed-in user (null: none). */
export async function liveSessionUsers(pool: Pick<pg.Pool, 'query'>, sids: string[]): Promise<Map<string, string | null>> {
  const { rows } = await pool.query(`select sid, sess -> 'passport' ->> 'user' as user_id from user_sessions where sid = any($1::text[]) and expire > now()`, [
    sids,
  ]);
  return new Map(
    z
      .array(liveRowSchema)
      .parse(rows)
      .map((r) => [r.sid, r.user_id]),
  );
}
