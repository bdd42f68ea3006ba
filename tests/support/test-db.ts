import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated template (fast: a file copy inside PostgreSQL). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = inject('pgBaseUrl');
  const template = inject('pgTemplate');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: `${base}/${name}`,
    name,
    async drop() {
      const c = new pg.Client({ connectionString: `${base}/postgres` });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A test file's own database and pool, dropped after its last test. Call it at the top of the file:
 * `const { pool, url } = await useTestPool({ max: 4 });` (vitest collects hooks registered after a
 * top-level await, so the drop is registered like any `afterAll`).
 */
export async function useTestPool(options: { max?: number } = {}): Promise<{ pool: pg.Pool; url: string }> {
  const db = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: db.url, ...(options.max ? { max: options.max } : {}) });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });
  return { pool, url: db.url };
}
