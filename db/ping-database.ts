import type pg from 'pg';

/** The cheapest round trip that proves the database answers (GET /api/health/database). */
export async function pingDatabase(db: pg.Pool): Promise<void> {
  await db.query('select 1');
}
