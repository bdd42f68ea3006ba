import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const sandboxCount = async (workspaceId: string) =>
  (
    await t.app.database.pool.query<{ n: number }>(`select count(*)::int as n from social_accounts where workspace_id = $1 and provider = 'sandbox'`, [
      workspaceId,
    ])
  ).rows[0]!.n;

async function register() {
  const c = new HttpClient(t.baseUrl);
  const res = await c.post('/api/auth/register', { firstName: 'Sam', email: `sam-${Date.now()}-${Math.random()}@example.com`, password: 'Tr0ub4dor&3-horse' });
  expect(res.status).toBe(201);
  return { c, workspaceId: res.data.user.workspaceId as string };
}

describe('sandbox accounts (no side effects on GET)', () => {
  it('are made with the workspace, and GET /api/simulator and GET /api/social-accounts only read', async () => {
    const { c, workspaceId } = await register();
    expect(await sandboxCount(workspaceId)).toBe(2);
    // Take them away behind the API's back: the reads must not put them back.
    await t.app.database.pool.query(`delete from social_accounts where workspace_id = $1 and provider = 'sandbox'`, [workspaceId]);
    expect((await c.get('/api/simulator')).data.accounts).toEqual([]);
    expect((await c.get('/api/social-accounts')).status).toBe(200);
    expect(await sandboxCount(workspaceId)).toBe(0);
  });

  it('migration 0009 gives workspaces made before this change their sandbox accounts and sample posts, once', async () => {
    const { c, workspaceId } = await register();
    await t.app.database.pool.query(`delete from social_accounts where workspace_id = $1 and provider = 'sandbox'`, [workspaceId]);
    const sql = await readFile(new URL('../../../db/migrations/0009_sandbox_accounts_backfill.sql', import.meta.url), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) await t.app.database.pool.query(statement);
    for (const statement of sql.split('--> statement-breakpoint')) await t.app.database.pool.query(statement);
    expect(await sandboxCount(workspaceId)).toBe(2);
    const sim = (await c.get('/api/simulator')).data as { accounts: unknown[]; posts: unknown[] };
    expect(sim.accounts).toHaveLength(2);
    expect(sim.posts).toHaveLength(6);
  });
});
