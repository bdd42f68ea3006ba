import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

it('GET /api/stats/public counts real users, sent messages and connected accounts, not demo or sandbox ones', async () => {
  const { pool } = t.app.database;
  const owner = await newWorkspaceUser(t.baseUrl);
  await newWorkspaceUser(t.baseUrl);
  await new HttpClient(t.baseUrl).post('/api/auth/test-login', {}); // a demo visitor, whose seeded sends don't count
  const page = (
    await pool.query<{ id: string }>(
      `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name) values ($1, 'facebook', 'meta', 'stats-page', 'statspage', 'Stats Page') returning id`,
      [owner.user.workspaceId],
    )
  ).rows[0]!.id;
  const ledger = (accountId: string, key: string, status: string) =>
    pool.query(`insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, status) values ($1, $2, $3, 'dm', 'x', 'hi', $4)`, [
      owner.user.workspaceId,
      accountId,
      key,
      status,
    ]);
  await ledger(page, 'stats-a', 'sent');
  await ledger(page, 'stats-b', 'sent');
  await ledger(page, 'stats-c', 'failed');
  await ledger(owner.instagram.id, 'stats-d', 'sent'); // the simulator's sandbox account
  const res = await new HttpClient(t.baseUrl).get('/api/stats/public');
  expect(res.status).toBe(200);
  expect(res.data).toEqual({ users: 2, messagesSent: 2, connectedAccounts: 1 });
});
