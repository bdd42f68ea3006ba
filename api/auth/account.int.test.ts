import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

let seq = 0;
const PW = 'first-pass-word-1';
async function registered() {
  const c = new HttpClient(t.baseUrl);
  const email = `acct${++seq}-${Date.now()}@example.com`;
  const res = await c.post('/api/auth/register', { firstName: 'Ada', lastName: 'L', email, password: PW });
  expect(res.status).toBe(201);
  return { c, email, user: res.data.user as { id: string; workspaceId: string; hasPassword: boolean } };
}
async function signIn(email: string, password = PW) {
  const c = new HttpClient(t.baseUrl);
  expect((await c.post('/api/auth/login', { email, password })).status).toBe(200);
  return c;
}

describe('change password', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const { c, email, user } = await registered();
    expect(user.hasPassword).toBe(true);
    const other = await signIn(email);

    const missing = await c.post('/api/account/password', { newPassword: 'brand-new-secret-2' });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toBe('Current password is required');
    const wrong = await c.post('/api/account/password', { currentPassword: 'nope-nope-1', newPassword: 'brand-new-secret-2' });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error).toBe('Current password is incorrect');
    expect((await other.get('/api/auth/user')).status).toBe(200);

    const ok = await c.post('/api/account/password', { currentPassword: PW, newPassword: 'brand-new-secret-2' });
    expect(ok.status).toBe(200);
    expect((await c.get('/api/auth/user')).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    await signIn(email, 'brand-new-secret-2');
  });

  it('applies the credential policy to the new password', async () => {
    const { c, email } = await registered();
    const local = email.split('@')[0] ?? '';
    for (const [newPassword, message] of [
      ['short12', 'Password must be at least 8 characters'],
      ['Qwerty123', 'This password is one of the most common passwords. Please choose one that is harder to guess'],
      [`${local}!2024`, 'Password must not contain your email address or the part before the @'],
    ]) {
      const res = await c.post('/api/account/password', { currentPassword: PW, newPassword });
      expect(res.status).toBe(400);
      expect(res.data.error).toBe(message);
    }
  });

  it('lets an account without a password (Google/Facebook sign-in) set one without a current password', async () => {
    const { c, email, user } = await registered();
    await t.app.database.pool.query('update users set password_hash = null where id = $1', [user.id]);
    expect((await c.get('/api/auth/user')).data.hasPassword).toBe(false);
    const res = await c.post('/api/account/password', { newPassword: 'first-own-password-7' });
    expect(res.status).toBe(200);
    expect((await c.get('/api/auth/user')).data.hasPassword).toBe(true);
    await signIn(email, 'first-own-password-7');
  });
});

describe('profile and notifications', () => {
  it('changes the first and last name', async () => {
    const { c } = await registered();
    const res = await c.request('PATCH', '/api/account/profile', { json: { firstName: ' Grace ', lastName: 'Hopper' } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect((await c.get('/api/auth/user')).data.firstName).toBe('Grace');
    const bad = await c.request('PATCH', '/api/account/profile', { json: { firstName: '  ' } });
    expect(bad.data.error).toBe('First name is required');
  });

  it('saves notification toggles per user and reads them back', async () => {
    const a = await registered();
    const b = await registered();
    expect((await a.c.get('/api/account/notifications')).data).toEqual({ failedSends: true, accountHealth: true, weeklySummary: false });
    const saved = { failedSends: false, accountHealth: true, weeklySummary: true };
    expect((await a.c.put('/api/account/notifications', saved)).status).toBe(200);
    expect((await a.c.get('/api/account/notifications')).data).toEqual(saved);
    expect((await b.c.get('/api/account/notifications')).data.weeklySummary).toBe(false);
    expect((await a.c.put('/api/account/notifications', { failedSends: 'yes' })).status).toBe(400);
  });

  it('is for signed-in users only', async () => {
    const anon = new HttpClient(t.baseUrl);
    expect((await anon.get('/api/account/notifications')).status).toBe(401);
    expect((await anon.post('/api/account/password', { newPassword: 'whatever-it-is-1' })).status).toBe(401);
    expect((await anon.request('DELETE', '/api/account', { json: { confirmation: 'DELETE' } })).status).toBe(401);
  });
});

/** Every table with a workspace_id column (db/schema/), so a new one is covered without editing this test. */
async function rowsPerTenantTable(workspaceId: string): Promise<Record<string, number>> {
  const pool = t.app.database.pool;
  const { rows } = await pool.query<{ table_name: string }>(
    "select table_name from information_schema.columns where column_name = 'workspace_id' and table_schema = 'public'",
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const r = await pool.query(`select count(*)::int as n from "${table_name}" where workspace_id = $1`, [workspaceId]);
    counts[table_name] = r.rows[0].n;
  }
  return counts;
}

describe('delete account', () => {
  it('needs the typed confirmation', async () => {
    const { c } = await registered();
    const res = await c.request('DELETE', '/api/account', { json: { confirmation: 'yes please' } });
    expect(res.status).toBe(400);
    expect(res.data.error).toBe('Type your email address or DELETE to confirm');
    expect((await c.get('/api/auth/user')).status).toBe(200);
  });

  it("removes the user and every row of the workspace's data in one go, and ends their sessions", async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Doomed');
    const bystander = await newWorkspaceUser(t.baseUrl, 'Bystander');
    await owner.client.post('/api/simulator/messages', { accountId: owner.messenger.id, contact: maya, text: 'hello' });
    await bystander.client.post('/api/simulator/messages', { accountId: bystander.messenger.id, contact: maya, text: 'hi' });
    await expect.poll(async () => (await owner.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    // The bystander's message processed too (the worker may take it after the owner's), so the last check means something.
    await expect.poll(async () => (await bystander.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    await owner.client.put('/api/account/notifications', { failedSends: false, accountHealth: false, weeklySummary: false });
    const me = (await owner.client.get('/api/auth/user')).data as { id: string; email: string; workspaceId: string };
    const before = await rowsPerTenantTable(me.workspaceId);
    expect(Object.keys(before).length).toBeGreaterThan(10);
    expect(before.social_accounts).toBeGreaterThan(0);
    const otherSession = await signIn(me.email, 'secret12');

    const res = await owner.client.request('DELETE', '/api/account', { json: { confirmation: me.email.toUpperCase(), password: 'secret12' } });
    expect(res.status).toBe(200);
    expect((await owner.client.get('/api/auth/user')).status).toBe(401);
    expect((await otherSession.get('/api/auth/user')).status).toBe(401);

    const after = await rowsPerTenantTable(me.workspaceId);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    const pool = t.app.database.pool;
    expect((await pool.query('select 1 from users where id = $1', [me.id])).rowCount).toBe(0);
    expect((await pool.query('select 1 from workspaces where id = $1', [me.workspaceId])).rowCount).toBe(0);
    expect((await pool.query('select 1 from user_notification_settings where user_id = $1', [me.id])).rowCount).toBe(0);
    expect((await pool.query("select 1 from user_sessions where sess -> 'passport' ->> 'user' = $1", [me.id])).rowCount).toBe(0);
    // Nobody else's data went with it.
    expect((await bystander.client.get('/api/conversations')).data.conversations).toHaveLength(1);
    expect((await new HttpClient(t.baseUrl).post('/api/auth/login', { email: me.email, password: 'secret12' })).status).toBe(401);
  });
});
