import pg from 'pg';

/** The app's PostgreSQL pool. Queries are raw SQL in db/ operations (ADR 0010); Drizzle is kept for the schema and migrations only. */
export interface Database {
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(url: string, opts: { max?: number; onError?: (err: Error) => void; applicationName?: string } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, ...(opts.applicationName ? { application_name: opts.applicationName } : {}) });
  // A client losing its connection (server restart, admin kill) must not crash the process;
  // the query that used it fails and is retried or reported by its caller.
  pool.on('error', (err) => opts.onError?.(err));
  pool.on('connect', (client) => client.on('error', (err) => opts.onError?.(err)));
  return {
    pool,
    close: () => pool.end(),
  };
}
