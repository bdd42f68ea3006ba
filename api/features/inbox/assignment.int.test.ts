import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AuditEntry } from '../../../contracts/audit';
import type { InboxEvent } from '../../../contracts/inbox';
import type { HttpClient } from '../../../tests/support/http-client';
import { inviteNewMember } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

// Assignment: PATCH /api/conversations/:id {assigneeId}, POST /api/conversations/assign,
// the list's assignee filter, roles, other workspaces' ids, removal, and the /ws notices.
let t: TestApp;
let owner: Awaited<ReturnType<typeof newWorkspaceUser>>;
let agent: Awaited<ReturnType<typeof inviteNewMember>>;
let viewer: Awaited<ReturnType<typeof inviteNewMember>>;
let mallory: Awaited<ReturnType<typeof newWorkspaceUser>>;
let convA: string;
let convB: string;
let malloryConv: string;

const contacts = [maya, { externalUserId: 'sim-omar', name: 'Omar Diaz', username: 'omar.d' }];

async function conversationsOf(who: Awaited<ReturnType<typeof newWorkspaceUser>>, n: number): Promise<string[]> {
  for (const contact of contacts.slice(0, n)) {
    await who.client.post('/api/simulator/messages', { accountId: who.messenger.id, contact, text: `hello from ${contact.name}` });
  }
  // The worker stores them a moment later (no expect.poll in hooks).
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    const list = (await who.client.get('/api/conversations')).data.conversations as { id: string }[];
    if (list.length === n) return list.map((c) => c.id);
  }
  throw new Error(`${n} conversations not stored within 10 s`);
}

const ids = async (c: HttpClient, query: string) =>
  ((await c.get(`/api/conversations?${query}`)).data.conversations as { id: string }[]).map((x) => x.id).sort();
/** The owner's audit log, newest first, of one action. */
const audited = async (action: string) =>
  ((await owner.client.get(`/api/audit-log?action=${action}`)).data.entries as AuditEntry[]).map((e) => ({
    actor: e.actorLabel.split(' <')[0],
    target: e.targetId,
    label: e.targetLabel,
    details: e.details,
  }));
const assign = (c: HttpClient, id: string, assigneeId: string | null) => c.request('PATCH', `/api/conversations/${id}`, { json: { assigneeId } });

function listen(c: HttpClient) {
  const events: InboxEvent[] = [];
  const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie: c.cookieHeader } });
  ws.on('message', (data: Buffer) => {
    const msg = JSON.parse(data.toString()) as { type: string; event?: InboxEvent };
    if (msg.type === 'event' && msg.event) events.push(msg.event);
  });
  const open = new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('error', reject);
  });
  return { events, open, close: () => ws.close() };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await newWorkspaceUser(t.baseUrl, 'Olivia');
  mallory = await newWorkspaceUser(t.baseUrl, 'Mallory');
  agent = await inviteNewMember(t.baseUrl, owner.client, 'agent', 'Ada');
  viewer = await inviteNewMember(t.baseUrl, owner.client, 'viewer', 'Vic');
  [convA, convB] = (await conversationsOf(owner, 2)) as [string, string];
  [malloryConv] = (await conversationsOf(mallory, 1)) as [string];
});
afterAll(() => t?.stop());

describe('assigning one conversation', () => {
  it('assigns to me, to a teammate and back to Unassigned; the views follow', async () => {
    expect(await ids(owner.client, 'assignee=unassigned')).toEqual([convA, convB].sort());
    expect(await ids(owner.client, 'assignee=me')).toEqual([]);

    const mine = await assign(owner.client, convA, owner.user.id);
    expect(mine.status).toBe(200);
    expect(mine.data.assigneeId).toBe(owner.user.id);
    expect(await ids(owner.client, 'assignee=me')).toEqual([convA]);
    expect(await ids(owner.client, 'assignee=unassigned')).toEqual([convB]);

    // An agent may assign, e.g. take one for themselves; their Mine is not the owner's.
    expect((await assign(agent.client, convB, agent.userId)).status).toBe(200);
    expect(await ids(agent.client, 'assignee=me')).toEqual([convB]);
    expect(await ids(owner.client, `assignee=${agent.userId}`)).toEqual([convB]);
    expect(await ids(owner.client, 'assignee=unassigned')).toEqual([]);
    // All is everyone's, with who holds each.
    const all = (await owner.client.get('/api/conversations')).data.conversations as { id: string; assigneeId: string | null }[];
    expect(Object.fromEntries(all.map((c) => [c.id, c.assigneeId]))).toEqual({ [convA]: owner.user.id, [convB]: agent.userId });
    // The filter applies to search too.
    const [omar] = await ids(owner.client, 'search=omar');
    const holder = omar === convA ? owner.user.id : agent.userId;
    const other = omar === convA ? agent.userId : owner.user.id;
    expect(await ids(owner.client, `search=omar&assignee=${holder}`)).toEqual([omar]);
    expect(await ids(owner.client, `search=omar&assignee=${other}`)).toEqual([]);
    expect(await ids(owner.client, 'search=omar&assignee=unassigned')).toEqual([]);

    const un = await assign(owner.client, convA, null);
    expect(un.data.assigneeId).toBeNull();
    expect(await ids(owner.client, 'assignee=unassigned')).toEqual([convA]);
    expect((await owner.client.get(`/api/conversations/${convA}`)).data.assigneeId).toBeNull();

    // Each change is in the audit log, naming the contact, the assignee and who held it before.
    expect((await audited('conversation.unassigned'))[0]).toEqual({
      actor: 'Olivia Test',
      target: convA,
      label: expect.stringMatching(/^@(maya\.creates|omar\.d)$/),
      details: { fromId: owner.user.id, from: 'Olivia Test' },
    });
    const assigned = await audited('conversation.assigned');
    expect(assigned.map((a) => [a.actor, a.target, a.details.assignee])).toEqual([
      ['Ada Test', convB, 'Ada Test'],
      ['Olivia Test', convA, 'Olivia Test'],
    ]);
  });

  it('refuses an assignee who is not a member or cannot reply (400), a viewer (403), another workspace (404)', async () => {
    const viewerAsAssignee = await assign(owner.client, convA, viewer.userId);
    expect(viewerAsAssignee.status).toBe(400);
    expect(viewerAsAssignee.data.error).toMatch(/Viewer\) cannot reply/);
    expect(viewerAsAssignee.data.details).toEqual([{ path: 'assigneeId', message: expect.any(String) }]);

    const stranger = await assign(owner.client, convA, mallory.user.id);
    expect(stranger.status).toBe(400);
    expect(stranger.data.error).toBe('The assignee is not a member of this workspace');
    expect((await assign(owner.client, convA, '00000000-0000-4000-8000-000000000000')).status).toBe(400);
    expect((await assign(owner.client, convA, 'nobody' as string)).status).toBe(400);
    expect((await owner.client.get('/api/conversations?assignee=somebody')).status).toBe(400);

    const asViewer = await assign(viewer.client, convA, viewer.userId);
    expect(asViewer.status).toBe(403);
    expect(asViewer.data.error).toMatch(/viewer/);
    expect((await viewer.client.post('/api/conversations/assign', { conversationIds: [convA], assigneeId: null })).status).toBe(403);
    // A viewer still sees the views.
    expect((await viewer.client.get('/api/conversations?assignee=unassigned')).status).toBe(200);

    // Mallory cannot assign Olivia's conversation, even to herself; Olivia cannot assign Mallory's.
    expect((await assign(mallory.client, convA, mallory.user.id)).status).toBe(404);
    expect((await assign(owner.client, malloryConv, owner.user.id)).status).toBe(404);
    expect((await owner.client.get(`/api/conversations/${convA}`)).data.assigneeId).toBeNull();
    // Filtering by another workspace's member shows nothing of theirs.
    expect(await ids(owner.client, `assignee=${mallory.user.id}`)).toEqual([]);
    expect(await ids(mallory.client, `assignee=${owner.user.id}`)).toEqual([]);
  });
});

describe('bulk assignment', () => {
  it('assigns several at once, all or none, and tells every open inbox', async () => {
    const live = listen(agent.client);
    await live.open;
    const res = await owner.client.post('/api/conversations/assign', { conversationIds: [convA, convB], assigneeId: agent.userId });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ updated: 1 }); // convB was already the agent's
    expect(await ids(agent.client, 'assignee=me')).toEqual([convA, convB].sort());
    await expect.poll(() => live.events, { timeout: 5_000 }).toContainEqual({ type: 'conversation.updated', conversationId: convA });

    // One id of another workspace: 404 and nothing changes.
    const mixed = await owner.client.post('/api/conversations/assign', { conversationIds: [convA, malloryConv], assigneeId: null });
    expect(mixed.status).toBe(404);
    expect(await ids(agent.client, 'assignee=me')).toEqual([convA, convB].sort());
    expect((await mallory.client.get(`/api/conversations/${malloryConv}`)).data.assigneeId).toBeNull();

    const empty = await owner.client.post('/api/conversations/assign', { conversationIds: [], assigneeId: null });
    expect(empty.status).toBe(400);
    expect(empty.data.details[0].path).toBe('conversationIds');
    expect((await owner.client.post('/api/conversations/assign', { conversationIds: [convA], assigneeId: viewer.userId })).status).toBe(400);
    live.close();
  });

  it('writes one audit entry per conversation that changed, none for refused or unchanged ones', async () => {
    const before = (await audited('conversation.assigned')).length;
    // The first bulk call changed convA only; the refused ones wrote nothing.
    expect((await audited('conversation.assigned')).slice(0, 1)).toEqual([
      { actor: 'Olivia Test', target: convA, label: expect.any(String), details: { assigneeId: agent.userId, assignee: 'Ada Test' } },
    ]);
    expect((await audited('conversation.unassigned')).filter((e) => e.target === malloryConv)).toEqual([]);

    expect((await owner.client.post('/api/conversations/assign', { conversationIds: [convA, convB], assigneeId: null })).data).toEqual({ updated: 2 });
    const unassigned = (await audited('conversation.unassigned')).slice(0, 2);
    expect(unassigned.map((e) => e.target).sort()).toEqual([convA, convB].sort());
    for (const e of unassigned) expect(e.details).toEqual({ fromId: agent.userId, from: 'Ada Test', together: 2 });
    const unassignedSoFar = (await audited('conversation.unassigned')).length;
    expect((await owner.client.post('/api/conversations/assign', { conversationIds: [convA, convB], assigneeId: null })).data).toEqual({ updated: 0 });
    expect((await audited('conversation.unassigned')).length).toBe(unassignedSoFar);
    expect((await audited('conversation.assigned')).length).toBe(before);
    // Mallory's log has none of it.
    expect((await mallory.client.get('/api/audit-log?action=conversation.unassigned')).data.entries).toEqual([]);
  });
});

describe('members who leave or can no longer reply', () => {
  it('a removed member’s conversations return to Unassigned, live', async () => {
    const ben = await inviteNewMember(t.baseUrl, owner.client, 'editor', 'Ben');
    await owner.client.post('/api/conversations/assign', { conversationIds: [convA, convB], assigneeId: ben.userId });
    const live = listen(owner.client);
    await live.open;
    expect((await owner.client.request('DELETE', `/api/team/members/${ben.userId}`)).status).toBe(204);
    expect(await ids(owner.client, 'assignee=unassigned')).toEqual([convA, convB].sort());
    await expect.poll(() => live.events, { timeout: 5_000 }).toContainEqual({ type: 'conversations.reassigned' });
    live.close();
    // The removal's entry says how many went back to Unassigned.
    expect((await audited('member.removed'))[0]).toMatchObject({ target: ben.userId, details: { role: 'editor', conversationsUnassigned: 2 } });
    // And they cannot be given conversations any more.
    expect((await assign(owner.client, convA, ben.userId)).status).toBe(400);
  });

  it('a member who leaves, or is made a viewer, gives theirs back too; another role keeps them', async () => {
    const cleo = await inviteNewMember(t.baseUrl, owner.client, 'agent', 'Cleo');
    await assign(owner.client, convA, cleo.userId);
    await assign(owner.client, convB, agent.userId);
    expect((await owner.client.request('PATCH', `/api/team/members/${agent.userId}`, { json: { role: 'editor' } })).status).toBe(204);
    expect(await ids(owner.client, `assignee=${agent.userId}`)).toEqual([convB]);
    expect((await owner.client.request('PATCH', `/api/team/members/${agent.userId}`, { json: { role: 'viewer' } })).status).toBe(204);
    expect(await ids(owner.client, `assignee=${agent.userId}`)).toEqual([]);

    expect((await cleo.client.post('/api/team/leave', {})).status).toBe(204);
    expect(await ids(owner.client, 'assignee=unassigned')).toEqual([convA, convB].sort());
  });

  it('a member who deletes their account gives theirs back (the membership key)', async () => {
    const dee = await inviteNewMember(t.baseUrl, owner.client, 'agent', 'Dee');
    await owner.client.post('/api/conversations/assign', { conversationIds: [convA], assigneeId: dee.userId });
    const deleted = await dee.client.request('DELETE', '/api/account', { json: { confirmation: 'DELETE', password: 'secret12' } });
    expect(deleted.status).toBe(200);
    expect((await owner.client.get(`/api/conversations/${convA}`)).data.assigneeId).toBeNull();
  });
});
