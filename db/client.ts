import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

/** Drizzle over the pool (`$client`), for the few places that use its query builder. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

export function connectDatabase(url: string, opts: { max?: number; onError?: (err: Error) => void } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  // A client losing its connection (server restart, admin kill) must not crash the process;
  // the query that used it fails and is retried or reported by its caller.
  pool.on('error', (err) => opts.onError?.(err));
  pool.on('connect', (client) => client.on('error', (err) => opts.onError?.(err)));
  const db = drizzle(pool, { schema });
  return {
    pool,
    db,
    close: () => pool.end(),
  };
}
