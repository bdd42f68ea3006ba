import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../db/embedded';
import { runMigrations } from '../../db/migrate';
import { freePort } from './free-port';

export const TEMPLATE_DB = 'replypilot_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
    pgTemplate: string;
  }
}

/** One real PostgreSQL for the whole run, with a migrated template database. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-test-'));
  const server = await startEmbeddedPostgres({
    dir,
    port: await freePort(),
    database: TEMPLATE_DB,
    // Throwaway data: durability off for speed. Real PostgreSQL semantics otherwise.
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });
  const pool = new pg.Pool({ connectionString: server.url, max: 2 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  await runMigrations(pool);
  await pool.end();

  project.provide('pgBaseUrl', server.adminUrl.replace(/\/postgres$/, ''));
  project.provide('pgTemplate', TEMPLATE_DB);

  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
