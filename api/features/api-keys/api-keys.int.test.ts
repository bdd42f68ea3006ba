import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopes, scopesForRole } from '../../../contracts/api-keys';
import { inviteNewMember } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  // A small per-key limit so the 429 is reachable in a test.
  t = await startTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: '5' } });
});
afterAll(() => t.stop());

/** A shop's server: no cookie, no Origin, only the key. */
const report = (key: string, idempotencyKey: string) =>
  fetch(`${t.baseUrl}/api/conversions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ amountCents: 100, idempotencyKey }),
  });

describe('API keys', () => {
  it('owners and admins make, list and revoke keys; the key is answered once and audited; editors may not', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const made = await w.client.post('/api/api-keys', { name: 'Zapier', scopes: ['contacts:read', 'messages:write', 'contacts:read'] });
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ name: 'Zapier', scopes: ['contacts:read', 'messages:write'], createdBy: w.user.id, lastUsedAt: null, revokedAt: null });
    expect(made.data.key).toMatch(/^rp_live_[\w-]{43}$/);
    expect(made.data.key.startsWith(made.data.prefix)).toBe(true);
    const listed = (await w.client.get('/api/api-keys')).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain(made.data.key);

    expect((await w.client.post('/api/api-keys', { name: '', scopes: [] })).status).toBe(400);
    expect((await w.client.post('/api/api-keys', { name: 'x', scopes: ['contacts:delete'] })).status).toBe(400);
    expect((await w.client.post('/api/api-keys', { name: 'x', scopes: ['analytics:write'] })).status).toBe(400);

    const editor = await inviteNewMember(t.baseUrl, w.client, 'editor');
    expect((await editor.client.post('/api/api-keys', { name: 'mine', scopes: ['contacts:read'] })).status).toBe(403);
    expect((await editor.client.get('/api/api-keys')).status).toBe(403);
    const admin = await inviteNewMember(t.baseUrl, w.client, 'admin');
    expect((await admin.client.post('/api/api-keys', { name: 'Admin key', scopes: apiScopes })).status).toBe(201);

    // Another workspace cannot revoke it (404), nor can anyone twice.
    const other = await newWorkspaceUser(t.baseUrl);
    expect((await other.client.delete(`/api/api-keys/${made.data.id}`)).status).toBe(404);
    expect((await w.client.delete(`/api/api-keys/${made.data.id}`)).status).toBe(204);
    expect((await w.client.delete(`/api/api-keys/${made.data.id}`)).status).toBe(404);
    const after = (await w.client.get('/api/api-keys')).data as { id: string; revokedAt: string | null }[];
    expect(after.find((k) => k.id === made.data.id)?.revokedAt).toEqual(expect.any(String));

    const audit = (await w.client.get('/api/audit-log')).data.entries as { action: string; targetLabel: string }[];
    expect(audit.filter((e) => e.action.startsWith('api_key.')).map((e) => [e.action, e.targetLabel])).toEqual([
      ['api_key.revoked', `Zapier (${made.data.prefix}…)`],
      ['api_key.created', expect.stringMatching(/^Admin key/)],
      ['api_key.created', `Zapier (${made.data.prefix}…)`],
    ]);
  });

  it("a key's scopes never exceed its creator's role, now: a demoted creator's key loses what the role lost", async () => {
    expect(scopesForRole('viewer').every((s) => s.endsWith(':read'))).toBe(true);
    expect(scopesForRole('agent')).toContain('messages:write');
    expect(scopesForRole('agent')).not.toContain('flows:write');
    const w = await newWorkspaceUser(t.baseUrl);
    const admin = await inviteNewMember(t.baseUrl, w.client, 'admin');
    const key = (await admin.client.post('/api/api-keys', { name: 'Shop', scopes: ['conversions:write'] })).data.key as string;
    expect((await report(key, 'a')).status).toBe(201);
    expect((await w.client.request('PATCH', `/api/team/members/${admin.userId}`, { json: { role: 'viewer' } })).status).toBe(204);
    const refused = await report(key, 'b');
    expect(refused.status).toBe(403);
    expect((await refused.json()).details).toEqual({ scope: 'conversions:write' });
    // Removed from the workspace: the key no longer authenticates.
    expect((await w.client.delete(`/api/team/members/${admin.userId}`)).status).toBe(204);
    expect((await report(key, 'c')).status).toBe(401);
  });

  it('a key past its per-minute limit gets 429 with Retry-After; other keys are not affected; last use is recorded', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const a = (await w.client.post('/api/api-keys', { name: 'A', scopes: ['conversions:write'] })).data;
    const b = (await w.client.post('/api/api-keys', { name: 'B', scopes: ['conversions:write'] })).data;
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await report(a.key, `order-${i}`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(last!.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await last!.json()).code).toBe('RATE_LIMITED');
    expect((await report(b.key, 'other')).status).toBe(201);
    const { rows } = await t.app.database.pool.query('select count(*)::int as n from conversions where workspace_id = $1', [w.user.workspaceId]);
    expect(rows[0].n).toBe(6);
    const keys = (await w.client.get('/api/api-keys')).data as { id: string; lastUsedAt: string | null }[];
    expect(keys.find((k) => k.id === a.id)?.lastUsedAt).toEqual(expect.any(String));
  });

  it('no key, a malformed one or an unknown one is 401 with WWW-Authenticate', async () => {
    for (const authorization of [undefined, 'Basic abc', 'Bearer rp_live_nope']) {
      const res = await fetch(`${t.baseUrl}/api/conversions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ amountCents: 1, idempotencyKey: 'x' }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });
});
