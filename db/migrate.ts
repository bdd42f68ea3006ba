import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Logger, runMigrations as runWorkerMigrations } from 'graphile-worker';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant; serialises migrations when several processes boot at once (docker-compose). */
const MIGRATION_LOCK = 7_273_001;
const silentLogger = new Logger(() => () => {});

/** Applies our committed SQL migrations and Graphile Worker's own schema, once, under a lock. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
    await runWorkerMigrations({ pgPool: pool, logger: silentLogger });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/** The `when` of every migration this version ships (drizzle's journal), which drizzle records as `created_at` once applied; read once, a fact of this version. */
const shippedMigrations: readonly number[] = (
  JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] }
).entries.map((e) => e.when);

/**
 * How many of this version's migrations the database lacks (drizzle applies those newer than the
 * last it recorded), and whether Graphile Worker's schema is there: what /api/health/ready waits
 * for. Throws when the database does not answer.
 */
export async function pendingMigrations(db: Pick<pg.Pool, 'query'>): Promise<number> {
  const { rows } = await db.query<{ recorded: boolean; worker: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as recorded, to_regclass('graphile_worker.jobs') is not null as worker`,
  );
  let last = 0;
  if (rows[0]!.recorded) {
    const applied = await db.query<{ last: string | null }>('select max(created_at)::text as last from drizzle.__drizzle_migrations');
    last = Number(applied.rows[0]!.last ?? 0);
  }
  return shippedMigrations.filter((when) => when > last).length + (rows[0]!.worker ? 0 : 1);
}
