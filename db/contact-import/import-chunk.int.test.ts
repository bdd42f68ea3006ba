import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JobHelpers } from 'graphile-worker';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { contactsImportJob } from '../../workers/jobs/contacts-import.job';
import { importNextChunk } from './import-chunk';

/**
 * The import's durability (ADR 0044), with no worker running (role web) so the test drives the
 * chunks itself: two chunks commit, the third fails half-way (a trigger raises on one of its rows,
 * as a crash would end the transaction), then the job runs again from the cursor. Every row is
 * imported exactly once, and a finished import re-run changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' });
});
afterAll(() => t.stop());

it('a failed chunk rolls back whole; the job resumes at the committed cursor and imports no row twice', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const pool = t.app.database.pool;
  const ws = w.user.workspaceId;
  const rows = Array.from({ length: 3_500 }, (_, i) => `Person ${i},p${i}@example.com`);
  const start = await w.client.post('/api/contacts/import', {
    csv: `name,email\n${rows.join('\n')}\n`,
    mapping: { name: 'name', email: 'email' },
    tags: ['crm'],
  });
  expect(start.status).toBe(202);
  const id = start.data.id as string;
  const leads = async () => (await pool.query(`select count(*)::int as n, count(distinct email)::int as d from leads where workspace_id = $1`, [ws])).rows[0];
  const state = async () => (await pool.query(`select next_chunk, processed_rows, created_count from contact_imports where id = $1`, [id])).rows[0];

  expect(await importNextChunk(pool, id)).toBe('more');
  expect(await importNextChunk(pool, id)).toBe('more');
  expect(await state()).toEqual({ next_chunk: 2, processed_rows: 2_000, created_count: 2_000 });
  const progress = await w.client.get(`/api/contacts/import/${id}`);
  expect(progress.data).toMatchObject({ status: 'running', percent: 57, totalRows: 3_500 });
  expect(progress.data.etaSeconds).toBeGreaterThanOrEqual(0);

  await pool.query(`create function boom() returns trigger language plpgsql as $$ begin
      if new.name = 'Person 2500' then raise exception 'simulated crash'; end if; return new; end $$`);
  await pool.query(`create trigger boom before insert on leads for each row execute function boom()`);
  try {
    await expect(importNextChunk(pool, id)).rejects.toThrow(/simulated crash/);
  } finally {
    await pool.query(`drop trigger boom on leads; drop function boom()`);
  }
  // Nothing of the third chunk is there: not its first 500 rows, not its cursor step.
  expect(await state()).toEqual({ next_chunk: 2, processed_rows: 2_000, created_count: 2_000 });
  expect(await leads()).toEqual({ n: 2_000, d: 2_000 });

  // The job's retry: resumes at chunk 2 and runs to the end.
  await contactsImportJob(pool)({ importId: id }, {} as JobHelpers);
  expect(await leads()).toEqual({ n: 3_500, d: 3_500 });
  const done = await w.client.get(`/api/contacts/import/${id}`);
  expect(done.data).toMatchObject({ status: 'done', processedRows: 3_500, created: 3_500, updated: 0, rejected: 0, percent: 100 });

  // Run again (a duplicate delivery of the job): nothing changes.
  expect(await importNextChunk(pool, id)).toBe('done');
  await contactsImportJob(pool)({ importId: id }, {} as JobHelpers);
  expect(await leads()).toEqual({ n: 3_500, d: 3_500 });
  expect((await pool.query(`select count(*)::int as n from leads where workspace_id = $1 and tags = '{crm}' and source = 'import'`, [ws])).rows[0].n).toBe(
    3_500,
  );
});
