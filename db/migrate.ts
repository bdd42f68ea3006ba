import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Logger, runMigrations as runWorkerMigrations } from 'graphile-worker';
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
