import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, keywordTrigger, node } from '../../../tests/support/flows';
import { inviteNewMember } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type Entry = { id: string; action: string; actorId: string; targetLabel: string | null; details: Record<string, unknown> };
const segment = { tags: [], fields: [], platform: null, leadStatus: null, lastInboundWithinHours: null };
const graph = { nodes: [keywordTrigger(['hello']), node('2', 'instagramDM', { text: 'Hi!' })], edges: [edge('1', '2')] };

describe('what is recorded', () => {
  it('publishing and stopping flows, rules on and off, broadcasts, exports, deletions and API keys, each with who did it', async () => {
    const w = await newWorkspaceUser(t.baseUrl, 'Ivy');
    const c = w.client;
    const flow = await c.post('/api/flows', { name: 'Hello flow', platform: 'instagram', flowData: graph, isActive: true });
    expect(flow.status).toBe(201);
    // Saving it again while active is not a new publish; stopping it is recorded.
    expect((await c.put(`/api/flows/${flow.data.id}`, { name: 'Hello flow', platform: 'instagram', flowData: graph, isActive: true })).status).toBe(200);
    expect((await c.put(`/api/flows/${flow.data.id}`, { name: 'Hello flow', platform: 'instagram', flowData: graph, isActive: false })).status).toBe(200);
    expect((await c.delete(`/api/flows/${flow.data.id}`)).status).toBe(204);

    const rule = (await c.post('/api/comment-rules', { platform: 'instagram', keywords: ['price'], responseTemplate: 'Prices' })).data;
    await c.request('PATCH', `/api/comment-rules/${rule.id}`, { json: { isActive: false } });
    await c.request('PATCH', `/api/comment-rules/${rule.id}`, { json: { responseTemplate: 'New prices' } });
    await c.delete(`/api/comment-rules/${rule.id}`);

    const b = (await c.post('/api/broadcasts', { name: 'Spring sale', text: 'Hi', segment })).data;
    // Scheduled for later, so it is still there to cancel.
    expect((await c.post(`/api/broadcasts/${b.id}/start`, { runAt: new Date(Date.now() + 3600_000).toISOString() })).status).toBe(200);
    expect((await c.post(`/api/broadcasts/${b.id}/cancel`, {})).status).toBe(200);

    const lead = (await c.post('/api/leads', { name: 'Ann Lee', email: 'ann@example.com' })).data;
    expect((await c.get('/api/leads/export.csv?status=new')).status).toBe(200);
    expect((await c.delete(`/api/leads/${lead.id}`)).status).toBe(204);
    const faq = (await c.post('/api/knowledge', { kind: 'faq', question: 'Refunds?', answer: 'Within 14 days.' })).data;
    expect((await c.delete(`/api/knowledge/${faq.id}`)).status).toBe(204);
    const key = (await c.post('/api/api-keys', { name: 'Shop', scopes: ['conversions:write'] })).data;

    const entries = (await c.get('/api/audit-log')).data.entries as Entry[];
    expect(entries.map((e) => [e.action, e.targetLabel])).toEqual([
      ['api_key.created', `Shop (${key.prefix}…)`],
      ['knowledge.deleted', 'Refunds?'],
      ['lead.deleted', 'Ann Lee'],
      ['leads.exported', null],
      ['broadcast.cancelled', 'Spring sale'],
      ['broadcast.scheduled', 'Spring sale'],
      ['rule.deleted', 'price'],
      ['rule.deactivated', 'price'],
      ['flow.deleted', 'Hello flow'],
      ['flow.stopped', 'Hello flow'],
      ['flow.published', 'Hello flow'],
    ]);
    expect(entries.every((e) => e.actorId === w.user.id)).toBe(true);
    expect(entries.find((e) => e.action === 'leads.exported')?.details).toEqual({ filters: { status: 'new' } });
  });

  it('a refused or failed action records nothing', async () => {
    const w = await newWorkspaceUser(t.baseUrl, 'Jo');
    const viewer = await inviteNewMember(t.baseUrl, w.client, 'viewer');
    const flow = (await w.client.post('/api/flows', { name: 'F', platform: 'instagram', flowData: graph, isActive: false })).data;
    expect((await viewer.client.delete(`/api/flows/${flow.id}`)).status).toBe(403);
    expect((await w.client.delete(`/api/flows/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    const actions = ((await w.client.get('/api/audit-log')).data.entries as Entry[]).map((e) => e.action);
    expect(actions).toEqual(['member.joined', 'member.invited']);
  });
});

describe('reading it', () => {
  it('filters by actor, action and day, pages by cursor, and shows only this workspace', async () => {
    const w = await newWorkspaceUser(t.baseUrl, 'Kai');
    const admin = await inviteNewMember(t.baseUrl, w.client, 'admin');
    for (let i = 0; i < 5; i++) await admin.client.post('/api/api-keys', { name: 'Shop', scopes: ['conversions:write'] });
    const other = await newWorkspaceUser(t.baseUrl, 'Lux');
    await other.client.post('/api/api-keys', { name: 'Shop', scopes: ['conversions:write'] });

    const all = (await w.client.get('/api/audit-log')).data;
    expect(all.entries.map((e: Entry) => e.action)).toEqual([...Array(5).fill('api_key.created'), 'member.joined', 'member.invited']);
    const byAdmin = (await w.client.get(`/api/audit-log?actor=${admin.userId}`)).data.entries as Entry[];
    expect(byAdmin.map((e) => e.action)).toEqual([...Array(5).fill('api_key.created'), 'member.joined']);
    expect((await w.client.get('/api/audit-log?action=member.invited')).data.entries).toHaveLength(1);

    const page1 = (await w.client.get('/api/audit-log?limit=3')).data;
    const page2 = (await w.client.get(`/api/audit-log?limit=3&cursor=${page1.nextCursor}`)).data;
    const page3 = (await w.client.get(`/api/audit-log?limit=3&cursor=${page2.nextCursor}`)).data;
    expect([...page1.entries, ...page2.entries, ...page3.entries].map((e: Entry) => e.id)).toEqual(all.entries.map((e: Entry) => e.id));
    expect(page3.nextCursor).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    expect((await w.client.get(`/api/audit-log?from=${today}&to=${today}`)).data.entries).toHaveLength(7);
    expect((await w.client.get('/api/audit-log?from=2001-01-01&to=2001-01-31')).data.entries).toEqual([]);
    const backwards = await w.client.get('/api/audit-log?from=2026-02-01&to=2026-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.data.error).toBe('The start date is after the end date');
    expect((await w.client.get('/api/audit-log?cursor=bm90LWFuLWlk')).status).toBe(400);
    expect((await w.client.get('/api/audit-log?action=flow.teleported')).status).toBe(400);
    expect((await w.client.get('/api/audit-log?actor=nobody')).status).toBe(400);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE; a deleted workspace takes its entries with it', async () => {
    const w = await newWorkspaceUser(t.baseUrl, 'Max');
    await w.client.post('/api/api-keys', { name: 'Shop', scopes: ['conversions:write'] });
    const pool = t.app.database.pool;
    await expect(pool.query(`update audit_log set action = 'member.joined' where workspace_id = $1`, [w.user.workspaceId])).rejects.toThrow(
      /audit_log is append-only \(UPDATE refused\)/,
    );
    await expect(pool.query('delete from audit_log where workspace_id = $1', [w.user.workspaceId])).rejects.toThrow(/append-only \(DELETE refused\)/);
    await expect(pool.query('truncate audit_log')).rejects.toThrow(/append-only \(TRUNCATE refused\)/);
    const count = async () => (await pool.query('select count(*)::int as n from audit_log where workspace_id = $1', [w.user.workspaceId])).rows[0].n;
    expect(await count()).toBe(1);
    expect((await w.client.request('DELETE', '/api/account', { json: { confirmation: 'DELETE', password: 'secret12' } })).status).toBe(200);
    expect(await count()).toBe(0);
  });
});
