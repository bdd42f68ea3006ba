import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { DEMO_EMAIL_DOMAIN } from './demo.routes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { DEMO_PER_IP_PER_HOUR: '5' } });
});
afterAll(() => t.stop());

const client = () => new HttpClient(t.baseUrl);

describe('"Try Live Demo" (POST /api/auth/test-login without an email) ', () => {
  it('gives each visitor a demo workspace of their own, reused for the same browser', async () => {
    const alice = client();
    const bob = client();
    const a1 = await alice.post('/api/auth/test-login', {});
    const a2 = await alice.post('/api/auth/test-login');
    const b = await bob.post('/api/auth/test-login', {});
    expect(a1.status).toBe(200);
    expect(a1.data).toMatchObject({ success: true, user: { isDemo: true, firstName: 'Demo', lastName: 'User' } });
    expect(a1.data.user.email).toMatch(new RegExp(`@${DEMO_EMAIL_DOMAIN.replace(/\./g, '\\.')}$`));
    expect(a2.data.userId).toBe(a1.data.userId);
    expect(b.data.user.workspaceId).not.toBe(a1.data.user.workspaceId);
    // The signed-in user learns when their demo goes (DEMO_TTL_HOURS, 24 by default).
    const me = (await alice.get('/api/auth/user')).data as { demoExpiresAt: string };
    expect(Date.parse(me.demoExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    // What one visitor changes, the other does not see.
    const rule = await alice.post('/api/comment-rules', { platform: 'instagram', keywords: ['alice-only'], responseTemplate: 'hi' });
    expect(rule.status).toBeLessThan(300);
    const bobRules = (await bob.get('/api/comment-rules')).data as { keyword?: string; keywords?: string[] }[];
    expect(JSON.stringify(bobRules)).not.toContain('alice-only');
  });

  it('is seeded once with realistic conversations, rules and activity', async () => {
    const c = client();
    await c.post('/api/auth/test-login', {});
    await c.post('/api/auth/test-login', {});
    const conversations = (await c.get('/api/conversations')).data.conversations;
    expect(conversations).toHaveLength(5);
    expect(new Set(conversations.map((x: { status: string }) => x.status))).toEqual(new Set(['open', 'pending', 'closed']));
    expect(conversations[0].customerName).toBe('Nia Brooks'); // newest first
    expect((await c.get('/api/comment-rules')).data).toHaveLength(3);
    expect((await c.get('/api/automation/activity')).data.activities.length).toBeGreaterThan(0);
  });

  // The limit here is 5 an hour: the tests above made 3.
  it('limits new demo workspaces per address, but not a visitor returning to theirs', async () => {
    const returning = client();
    await returning.post('/api/auth/test-login', {});
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await client().post('/api/auth/test-login', {})).status);
    expect(statuses).toContain(429);
    expect((await returning.post('/api/auth/test-login', {})).status).toBe(200);
  });
});

describe('test login with an email (development only)', () => {
  it('signs into a named demo account and reuses it', async () => {
    const a = await client().post('/api/auth/test-login', { email: 'named-demo@replypilot.app' });
    const b = await client().post('/api/auth/test-login', { email: 'named-demo@replypilot.app' });
    expect(a.status).toBe(200);
    expect(b.data.userId).toBe(a.data.userId);
  });

  it('POST /api/test/user (docs/product-spec.md §7) makes the demo account test login signs into, without signing in', async () => {
    const c = client();
    const made = await c.post('/api/test/user', { email: 'made-by-test-user@replypilot.app', firstName: 'Tess', lastName: 'User' });
    expect(made.status).toBe(201);
    expect(made.data).toEqual({ id: expect.any(String) });
    expect((await c.get('/api/auth/user')).status).toBe(401);
    const again = await c.post('/api/test/user', { email: 'made-by-test-user@replypilot.app' });
    expect(again).toMatchObject({ status: 200, data: { id: made.data.id } });
    const login = await c.post('/api/auth/test-login', { email: 'made-by-test-user@replypilot.app' });
    expect(login.data).toMatchObject({ userId: made.data.id, user: { firstName: 'Tess', lastName: 'User', isDemo: true } });
    // Never a real account, and never a malformed one.
    const email = `real-tu-${Date.now()}@example.com`;
    await client().post('/api/auth/register', { firstName: 'Real', email, password: 'Tr0ub4dor&3-horse' });
    expect((await client().post('/api/test/user', { email })).status).toBe(403);
    expect((await client().post('/api/test/user', { email: 'nope' })).status).toBe(400);
  });

  it("never signs into a real user's account", async () => {
    const email = `real-${Date.now()}@example.com`;
    await client().post('/api/auth/register', { firstName: 'Real', email, password: 'Tr0ub4dor&3-horse' });
    expect((await client().post('/api/auth/test-login', { email })).status).toBe(403);
  });
});

describe('with default settings', () => {
  it('refuses test login by email (it could squat or probe emails) and still serves the demo', async () => {
    const d = await startTestApp({ env: { ENABLE_TEST_LOGIN: '', DEMO_PER_IP_PER_HOUR: '100' } });
    try {
      const c = new HttpClient(d.baseUrl);
      const named = await c.post('/api/auth/test-login', { email: 'victim-not-yet-registered@example.com' });
      expect(named.status).toBe(404);
      // Nor does POST /api/test/user exist (ENABLE_TEST_LOGIN off; it can never be on in production).
      expect((await c.post('/api/test/user', { email: 'victim-not-yet-registered@example.com' })).status).toBe(404);
      const reg = await c.post('/api/auth/register', { firstName: 'V', email: 'victim-not-yet-registered@example.com', password: 'Tr0ub4dor&3-horse' });
      expect(reg.status).toBe(201);
      expect((await new HttpClient(d.baseUrl).post('/api/auth/test-login', {})).status).toBe(200);
    } finally {
      await d.stop();
    }
  });

  it('answers 404 when the demo is turned off', async () => {
    const d = await startTestApp({ env: { ENABLE_DEMO: 'false' } });
    try {
      expect((await new HttpClient(d.baseUrl).post('/api/auth/test-login', {})).status).toBe(404);
    } finally {
      await d.stop();
    }
  });
});
