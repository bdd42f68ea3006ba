import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AuditEntry } from '../../../contracts/audit';
import { startMetaGraphFake, type MetaGraphFake } from '../../../tests/fakes/meta-graph.fake';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { fakePage, seedMetaAccounts } from '../../../tests/support/meta-accounts';
import { inviteNewMember } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

// Round-robin assignment (contracts/auto-assign.ts) through signed Meta webhooks: new conversations
// alternate between the two available members who are online, never the one who is not; later
// DMs and redeliveries change nothing; off leaves them Unassigned; a removed member leaves the rotation.
let t: TestApp;
let fake: MetaGraphFake;
let hook: string;
let owner: Awaited<ReturnType<typeof newWorkspaceUser>>;
let ada: Awaited<ReturnType<typeof inviteNewMember>>;
let ben: Awaited<ReturnType<typeof inviteNewMember>>;
let cleo: Awaited<ReturnType<typeof inviteNewMember>>;
let page: ReturnType<typeof fakePage>;
let pageAccountId: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  fake = await startMetaGraphFake();
  t = await startTestApp({ env: { ...fake.env } });
  hook = `${t.baseUrl}/api/webhooks/facebook/webhook`;
  owner = await newWorkspaceUser(t.baseUrl, 'Olivia');
  page = fakePage('rr');
  ({ pageAccountId } = await seedMetaAccounts(t.app.database.pool, owner.user.workspaceId, page));
  ada = await inviteNewMember(t.baseUrl, owner.client, 'agent', 'Ada');
  ben = await inviteNewMember(t.baseUrl, owner.client, 'agent', 'Ben');
  cleo = await inviteNewMember(t.baseUrl, owner.client, 'agent', 'Cleo');
});
afterAll(async () => {
  for (const ws of sockets) ws.close();
  await t?.stop();
  await fake?.stop();
});

const pool = () => t.app.database.pool;
let mid = 0;
/** A DM from `psid` to the Page, signed as Meta signs it; resolves once the worker stored it. Returns the body (a redelivery). */
async function dm(psid: string, body?: object): Promise<object> {
  const payload = body ?? messagingWebhook('page', page.id, [{ sender: psid, recipient: page.id, message: { mid: `m_rr_${++mid}`, text: 'Hello there' } }]);
  expect((await fake.deliverWebhook(hook, payload)).status).toBe(200);
  await expect
    .poll(async () => (await pool().query('select count(*)::int as n from inbound_events where processed_at is null')).rows[0].n, { timeout: 10_000 })
    .toBe(0);
  return payload;
}
const assigneeOf = async (psid: string) =>
  (
    await pool().query<{ assignee_id: string | null }>('select assignee_id from conversations where account_id = $1 and external_user_id = $2', [
      pageAccountId,
      psid,
    ])
  ).rows[0]?.assignee_id;
const online = (c: { cookieHeader: string }) =>
  new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie: c.cookieHeader } });
    sockets.push(ws);
    ws.once('message', () => resolve());
    ws.once('error', reject);
  });
const lastSeen = async (userId: string) =>
  (await pool().query<{ s: number }>('select extract(epoch from now() - last_seen_at)::float8 as s from member_presence where user_id = $1', [userId])).rows[0]
    ?.s;
const autoAudited = async () =>
  ((await owner.client.get('/api/audit-log?action=conversation.assigned')).data.entries as AuditEntry[]).filter((e) => e.actorLabel === 'Automatic assignment');

describe('round-robin assignment of new conversations', () => {
  it('is off by default: a new conversation stays Unassigned', async () => {
    expect((await owner.client.get('/api/settings/auto-assign')).data).toEqual({ mode: 'off', available: false, eligibleNow: 0 });
    await dm('psid-off-1');
    expect(await assigneeOf('psid-off-1')).toBeNull();
  });

  it('alternates between the two available members who are online, never the one who is offline', async () => {
    // Each says so in the inbox; Cleo then closes Replypilot (seen ten minutes ago), Ada and Ben keep a socket open.
    for (const m of [ada, ben, cleo]) expect((await m.client.request('PUT', '/api/settings/auto-assign/me', { json: { available: true } })).status).toBe(200);
    await pool().query("update member_presence set last_seen_at = now() - interval '10 minutes' where user_id = any($1::uuid[])", [[ada.userId, cleo.userId]]);
    // A socket's connect marks its member online again.
    await online(ada.client);
    await online(ben.client);
    await expect.poll(() => lastSeen(ada.userId), { timeout: 5_000 }).toBeLessThan(60);
    expect(await lastSeen(cleo.userId)).toBeGreaterThan(500);

    expect((await ada.client.request('PUT', '/api/settings/auto-assign', { json: { mode: 'round_robin' } })).status).toBe(403);
    const on = await owner.client.request('PUT', '/api/settings/auto-assign', { json: { mode: 'round_robin' } });
    expect(on.status).toBe(200);
    expect(on.data).toEqual({ mode: 'round_robin', available: false, eligibleNow: 2 });
    expect((await owner.client.request('PUT', '/api/settings/auto-assign', { json: { mode: 'always' } })).status).toBe(400);

    const got: (string | null | undefined)[] = [];
    for (let i = 1; i <= 4; i++) {
      await dm(`psid-rr-${i}`);
      got.push(await assigneeOf(`psid-rr-${i}`));
    }
    expect(new Set(got.slice(0, 2))).toEqual(new Set([ada.userId, ben.userId]));
    expect(got.slice(2)).toEqual(got.slice(0, 2));
    expect(got).not.toContain(cleo.userId);

    // Each was audited as the automatic assignment's, naming the assignee.
    const audited = await autoAudited();
    expect(audited.map((e) => e.details.assigneeId)).toEqual([...got].reverse());
    expect(audited.every((e) => e.actorId === null && e.targetType === 'conversation')).toBe(true);
  });

  it('a later DM or a redelivery changes no assignee and does not move the rotation', async () => {
    const first = await assigneeOf('psid-rr-1');
    const second = await assigneeOf('psid-rr-2');
    const body = await dm('psid-rr-2'); // the second conversation's contact writes again
    expect(await assigneeOf('psid-rr-2')).toBe(second);
    await dm('psid-rr-2', body); // Meta delivers the same webhook again
    expect(
      (await pool().query("select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id where c.external_user_id = 'psid-rr-2'"))
        .rows[0].n,
    ).toBe(2);
    const auditedBefore = (await autoAudited()).length;
    await dm('psid-rr-5');
    expect(await assigneeOf('psid-rr-5')).toBe(first);
    expect((await autoAudited()).length).toBe(auditedBefore + 1);
  });

  it('two new conversations in one delivery go to different members', async () => {
    const payload = messagingWebhook('page', page.id, [
      { sender: 'psid-rr-10', recipient: page.id, message: { mid: 'm_rr_pair_1', text: 'Hi' } },
      { sender: 'psid-rr-11', recipient: page.id, message: { mid: 'm_rr_pair_2', text: 'Hi' } },
    ]);
    await dm('unused', payload);
    expect(new Set([await assigneeOf('psid-rr-10'), await assigneeOf('psid-rr-11')])).toEqual(new Set([ada.userId, ben.userId]));
  });

  it('a member who turns availability off leaves the rotation; off for the workspace leaves new ones Unassigned', async () => {
    expect((await ben.client.request('PUT', '/api/settings/auto-assign/me', { json: { available: false } })).data).toMatchObject({
      available: false,
      eligibleNow: 1,
    });
    await dm('psid-rr-6');
    await dm('psid-rr-7');
    expect([await assigneeOf('psid-rr-6'), await assigneeOf('psid-rr-7')]).toEqual([ada.userId, ada.userId]);
    expect((await ben.client.request('PUT', '/api/settings/auto-assign/me', { json: { available: true } })).status).toBe(200);

    expect((await owner.client.request('PUT', '/api/settings/auto-assign', { json: { mode: 'off' } })).status).toBe(200);
    await dm('psid-off-2');
    expect(await assigneeOf('psid-off-2')).toBeNull();
    const changes = (await owner.client.get('/api/audit-log?action=auto_assign.changed')).data.entries as AuditEntry[];
    expect(changes.map((e) => e.details)).toEqual([
      { from: 'round_robin', to: 'off' },
      { from: 'off', to: 'round_robin' },
    ]);
  });

  it('a removed member’s conversations return to Unassigned and they leave the rotation', async () => {
    expect((await owner.client.request('PUT', '/api/settings/auto-assign', { json: { mode: 'round_robin' } })).status).toBe(200);
    const adas = (await pool().query('select id from conversations where assignee_id = $1', [ada.userId])).rowCount;
    expect(adas).toBeGreaterThan(0);
    expect((await owner.client.request('DELETE', `/api/team/members/${ada.userId}`)).status).toBe(204);
    expect((await pool().query('select id from conversations where assignee_id = $1', [ada.userId])).rowCount).toBe(0);
    expect((await pool().query('select 1 from member_presence where user_id = $1', [ada.userId])).rowCount).toBe(0);
    await dm('psid-rr-8');
    await dm('psid-rr-9');
    expect([await assigneeOf('psid-rr-8'), await assigneeOf('psid-rr-9')]).toEqual([ben.userId, ben.userId]);
  });

  it('a viewer has no availability to set', async () => {
    const vic = await inviteNewMember(t.baseUrl, owner.client, 'viewer', 'Vic');
    expect((await vic.client.request('PUT', '/api/settings/auto-assign/me', { json: { available: true } })).status).toBe(403);
    expect((await ben.client.request('PUT', '/api/settings/auto-assign/me', { json: { available: 'yes' } })).status).toBe(400);
  });
});
