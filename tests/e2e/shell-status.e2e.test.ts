import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertKnowledgeEntry } from '../../db/knowledge/write-entries';
import { startE2E, type E2E } from './harness';

// The top bar states facts: the user's own plan, whether this tab's real-time connection is up, and
// the user's real notifications (usage at 80 % of the message limit here) with their read state.

let e2e: E2E;
let db: pg.Pool;
beforeAll(async () => {
  e2e = await startE2E();
  db = new pg.Pool({ connectionString: e2e.app.db.url, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await e2e?.stop();
});

it('shows the real plan, the live connection and real notifications, and marks one read when opened', async () => {
  const page = await e2e.newPage();
  const email = `bell-${Date.now()}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { firstName: 'Bea', lastName: 'Bell', email, password: 'secret12' } })).status()).toBe(201);
  const user = (await db.query<{ id: string; workspace_id: string }>('select id, workspace_id from users where email = $1', [email])).rows[0]!;

  await page.goto('/dashboard');
  const top = page.locator('header').first();
  await top.getByText('Free', { exact: true }).waitFor();
  expect(await top.getByText('Pro', { exact: true }).count()).toBe(0);
  await top.getByText('Live', { exact: true }).waitFor(); // the /ws socket opened
  await top.getByRole('button', { name: 'Notifications', exact: true }).click();
  await page.getByText('Nothing new. You are all caught up.').waitFor();
  await page.keyboard.press('Escape');

  // One answered question at 79 of the free plan's 100 crosses 80 %: one notification, counted from real usage.
  await db.query(`insert into usage_counts (user_id, month, shard, messages) values ($1, date_trunc('month', now() at time zone 'utc')::date, 0, 79)`, [
    user.id,
  ]);
  await insertKnowledgeEntry(db, user.workspace_id, { kind: 'faq', title: 'Opening hours', body: 'We are open 9 to 5, Monday to Friday.' });
  expect((await page.request.post('/api/smartkb/query', { data: { query: 'What are your opening hours?' } })).status()).toBe(200);

  await page.reload();
  await top.getByRole('button', { name: 'Notifications (1 unread)' }).click();
  const item = page.getByRole('link', { name: /You have used 80 % of this month’s messages/ });
  await item.waitFor();
  await expect.poll(async () => (await item.textContent()) ?? '').toContain('80 of 100 messages used');
  await e2e.screenshot(page, 'shell-notifications-open');
  await item.click();
  await page.waitForURL('**/settings');
  await top.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  const { rows } = await db.query('select read_at from notifications where user_id = $1', [user.id]);
  expect(rows).toHaveLength(1);
  expect(rows[0].read_at).not.toBeNull();
});

it('a failed flow run rings the bell, and the notice opens the failed runs', async () => {
  const page = await e2e.newPage();
  const email = `bell-runs-${Date.now()}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { firstName: 'Rue', lastName: 'Runs', email, password: 'secret12' } })).status()).toBe(201);
  const ws = (await db.query<{ workspace_id: string }>('select workspace_id from users where email = $1', [email])).rows[0]!.workspace_id;
  const account = (await db.query<{ id: string }>(`select id from social_accounts where workspace_id = $1 and platform = 'instagram'`, [ws])).rows[0]!.id;
  const one = async (sql: string, params: unknown[]) => (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
  const flow = await one(`insert into flows (workspace_id, name, graph, is_active) values ($1, 'Order bot', '{}', true) returning id`, [ws]);
  const version = await one(`insert into flow_versions (workspace_id, flow_id, version, graph, plan) values ($1, $2, 1, '{}', '{}') returning id`, [ws, flow]);
  const contact = await one(`insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, 'sim-rue', 'Rue') returning id`, [
    ws,
    account,
  ]);
  const run = await one(
    `insert into flow_runs (workspace_id, flow_id, version_id, account_id, contact_id, status, state, trigger) values ($1, $2, $3, $4, $5, 'running', '{}', '{}') returning id`,
    [ws, flow, version, account, contact],
  );
  await db.query(`update flow_runs set status = 'failed', error = 'HTTP 500: CRM is down', finished_at = now() where id = $1`, [run]);

  await page.goto('/dashboard');
  const top = page.locator('header').first();
  await top.getByRole('button', { name: 'Notifications (1 unread)' }).click();
  const item = page.getByRole('link', { name: /Runs of "Order bot" failed/ });
  await item.getByText(/1 run failed on .*The last one: HTTP 500: CRM is down/).waitFor();
  // The dashboard's own figure says the same.
  expect(await page.getByTestId('today-failed-runs').innerText()).toMatch(/Failed runs\s*1/);
  await e2e.screenshot(page, 'shell-notifications-failed-run');
  await item.click();
  await page.waitForURL('**/runs?status=failed');
});
