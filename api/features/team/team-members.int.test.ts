import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { boot, type Replypilot } from '../../../bin/boot';
import { HttpClient } from '../../../tests/support/http-client';
import { inviteNewMember, mailedInvitationToken } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';
import { MEMBERSHIP_CHANGED_CLOSE_CODE } from '../../ws/ws-server';

// Role changes and removals take effect on the member's next request and close their sockets, on
// every web process (ADR 0038): a second web process shares the database, as with docker compose.
let t: TestApp;
let second: Replypilot;
let secondUrl: string;
beforeAll(async () => {
  t = await startTestApp();
  second = await boot({
    role: 'web',
    noUi: true,
    log: pino({ level: 'silent' }),
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: t.db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'replypilot-web2-')),
      SESSION_SECRET: 'test-session-secret-test-session-secret-0123',
      APP_ENCRYPTION_KEY: '0'.repeat(64),
      ACCOUNT_HEALTH_INTERVAL_MINUTES: '0',
    },
  });
  secondUrl = (second.web?.url ?? '').replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  await second?.stop();
  await t?.stop();
});

/** The same browser (cookie) talking to the second web process. */
const onSecond = (c: HttpClient) => new HttpClient(secondUrl, { cookie: c.cookieHeader });

function socket(baseUrl: string, cookie: string) {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie } });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return new Promise<{ ws: WebSocket; closed: Promise<number> }>((resolve, reject) => {
    ws.once('message', () => resolve({ ws, closed }));
    ws.once('error', reject);
  });
}
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

const flowBody = { name: 'Welcome', description: '', platform: 'instagram', isActive: false, flowData: { nodes: [], edges: [] } };

describe('changing roles', () => {
  it('a demoted member is refused at once on both processes, and their sockets in the workspace close', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Uma');
    const editor = await inviteNewMember(t.baseUrl, owner.client, 'editor');
    const elsewhere = onSecond(editor.client);
    // Both processes have the editor cached.
    expect((await editor.client.get('/api/flows')).status).toBe(200);
    expect((await elsewhere.get('/api/flows')).status).toBe(200);
    const here = await socket(t.baseUrl, editor.client.cookieHeader);
    const there = await socket(secondUrl, editor.client.cookieHeader);

    expect((await owner.client.request('PATCH', `/api/team/members/${editor.userId}`, { json: { role: 'viewer' } })).status).toBe(204);
    const refused = await editor.client.post('/api/flows', flowBody);
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ error: 'Your role (viewer) cannot change flows', details: { permission: 'flows:write' } });
    await expect.poll(async () => (await elsewhere.post('/api/flows', flowBody)).status, { timeout: 1000, interval: 20 }).toBe(403);
    expect(await within(here.closed, 2000)).toBe(MEMBERSHIP_CHANGED_CLOSE_CODE);
    expect(await within(there.closed, 2000)).toBe(MEMBERSHIP_CHANGED_CLOSE_CODE);
    expect((await editor.client.get('/api/auth/user')).data.role).toBe('viewer');
    // A viewer still reads.
    expect((await editor.client.get('/api/flows')).status).toBe(200);
  });

  it('only owners give or take ownership; the last owner can neither be demoted nor leave; ownership transfers', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Vic');
    const admin = await inviteNewMember(t.baseUrl, owner.client, 'admin');
    const agent = await inviteNewMember(t.baseUrl, owner.client, 'agent');
    const ownerId = owner.user.id;

    const promote = await admin.client.request('PATCH', `/api/team/members/${agent.userId}`, { json: { role: 'owner' } });
    expect(promote.status).toBe(403);
    expect(promote.data.details).toEqual({ permission: 'ownership:transfer' });
    expect((await admin.client.request('PATCH', `/api/team/members/${ownerId}`, { json: { role: 'admin' } })).status).toBe(403);
    expect((await admin.client.delete(`/api/team/members/${ownerId}`)).status).toBe(403);
    // Admins manage everyone but owners.
    expect((await admin.client.request('PATCH', `/api/team/members/${agent.userId}`, { json: { role: 'editor' } })).status).toBe(204);
    const byAgent = await agent.client.request('PATCH', `/api/team/members/${admin.userId}`, { json: { role: 'viewer' } });
    expect(byAgent.status).toBe(403);
    expect(byAgent.data).toMatchObject({ error: 'Your role (editor) cannot manage members', details: { permission: 'members:manage' } });

    const demoteSelf = await owner.client.request('PATCH', `/api/team/members/${ownerId}`, { json: { role: 'admin' } });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.data.error).toBe('You are the last owner of this workspace. Make another member owner first.');
    expect((await owner.client.post('/api/team/leave')).status).toBe(409);
    expect((await owner.client.request('PATCH', `/api/team/members/${ownerId}`, { json: { role: 'boss' } })).status).toBe(400);

    expect((await admin.client.post('/api/team/ownership', { userId: agent.userId })).status).toBe(403);
    expect((await owner.client.post('/api/team/ownership', { userId: ownerId })).status).toBe(400);
    expect((await owner.client.post('/api/team/ownership', { userId: admin.userId })).status).toBe(204);
    const roles = (await owner.client.get('/api/team/members')).data.members.map((m: { userId: string; role: string }) => [m.userId, m.role]);
    expect(roles).toEqual([
      [admin.userId, 'owner'],
      [ownerId, 'admin'],
      [agent.userId, 'editor'],
    ]);
    // Now the former owner may leave.
    expect((await owner.client.post('/api/team/leave')).status).toBe(204);
    // Any role may leave; removing someone else is for owners and admins.
    expect((await agent.client.delete(`/api/team/members/${admin.userId}`)).status).toBe(403);
    expect((await agent.client.post('/api/team/leave')).status).toBe(204);
    const actions = (await admin.client.get('/api/audit-log')).data.entries.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 4)).toEqual(['member.left', 'member.left', 'ownership.transferred', 'member.role_changed']);
  });

  it('other workspaces’ members are 404, as are malformed ids', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Wes');
    const stranger = await newWorkspaceUser(t.baseUrl, 'Xan');
    expect((await owner.client.request('PATCH', `/api/team/members/${stranger.user.id}`, { json: { role: 'viewer' } })).status).toBe(404);
    expect((await owner.client.delete(`/api/team/members/${stranger.user.id}`)).status).toBe(404);
    expect((await owner.client.post('/api/team/ownership', { userId: stranger.user.id })).status).toBe(404);
    expect((await owner.client.delete('/api/team/members/123')).status).toBe(404);
  });
});

describe('removing a member', () => {
  it('their open page is refused at once on both processes, their sockets close, and they continue in their own workspace', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Yan');
    const member = await inviteNewMember(t.baseUrl, owner.client, 'agent');
    const pinned = { 'x-workspace-id': owner.user.workspaceId };
    expect((await member.client.get('/api/conversations', pinned)).status).toBe(200);
    expect((await onSecond(member.client).get('/api/conversations', pinned)).status).toBe(200);
    const here = await socket(t.baseUrl, member.client.cookieHeader);
    const there = await socket(secondUrl, member.client.cookieHeader);

    expect((await owner.client.delete(`/api/team/members/${member.userId}`)).status).toBe(204);
    const gone = await member.client.get('/api/conversations', pinned);
    expect(gone.status).toBe(403);
    expect(gone.data).toMatchObject({ error: 'You are no longer a member of this workspace.', details: { reason: 'workspace_access_ended' } });
    await expect.poll(async () => (await onSecond(member.client).get('/api/conversations', pinned)).status, { timeout: 1000, interval: 20 }).toBe(403);
    expect(await within(here.closed, 2000)).toBe(MEMBERSHIP_CHANGED_CLOSE_CODE);
    expect(await within(there.closed, 2000)).toBe(MEMBERSHIP_CHANGED_CLOSE_CODE);

    // Reloaded (no pinned workspace), they act in their own workspace; the team's ids are 404 to them.
    expect((await member.client.get('/api/auth/user')).data).toMatchObject({ workspaceId: member.ownWorkspaceId, role: 'owner' });
    const flow = await owner.client.post('/api/flows', flowBody);
    expect((await member.client.get(`/api/flows/${flow.data.id}`)).status).toBe(404);
    expect((await member.client.post('/api/workspaces/switch', { workspaceId: owner.user.workspaceId })).status).toBe(404);
    expect((await owner.client.get('/api/team/members')).data.members).toHaveLength(1);
  });

  it('someone left with no workspace gets a new one of their own', async () => {
    const yara = await newWorkspaceUser(t.baseUrl, 'Yara');
    const zed = await newWorkspaceUser(t.baseUrl, 'Zed');
    // Zed joins Yara's workspace, hands his own to Yara and leaves it: Yara's is his only one.
    const zedEmail = (await zed.client.get('/api/auth/user')).data.email as string;
    const yaraEmail = (await yara.client.get('/api/auth/user')).data.email as string;
    await yara.client.post('/api/team/invitations', { email: zedEmail, role: 'agent' });
    await zed.client.post('/api/team/invitations/accept', { token: await mailedInvitationToken(t.app.database.pool, zedEmail) });
    await zed.client.post('/api/workspaces/switch', { workspaceId: zed.user.workspaceId });
    await zed.client.post('/api/team/invitations', { email: yaraEmail, role: 'admin' });
    await yara.client.post('/api/team/invitations/accept', { token: await mailedInvitationToken(t.app.database.pool, yaraEmail) });
    expect((await zed.client.post('/api/team/ownership', { userId: yara.user.id })).status).toBe(204);
    expect((await zed.client.post('/api/team/leave')).status).toBe(204);
    expect((await zed.client.get('/api/workspaces')).data.workspaces.map((w: { name: string }) => w.name)).toEqual(["Yara's workspace"]);

    await yara.client.post('/api/workspaces/switch', { workspaceId: yara.user.workspaceId });
    expect((await yara.client.delete(`/api/team/members/${zed.user.id}`)).status).toBe(204);
    const mine = (await zed.client.get('/api/workspaces')).data.workspaces as { id: string; name: string; role: string }[];
    expect(mine.map((w) => [w.name, w.role])).toEqual([["Zed's workspace", 'owner']]);
    expect(mine[0]!.id).not.toBe(zed.user.workspaceId);
    expect((await zed.client.get('/api/auth/user')).data.workspaceId).toBe(mine[0]!.id);
    // Like any new workspace, it has its sandbox accounts.
    expect((await zed.client.get('/api/simulator')).data.accounts).toHaveLength(2);
  });
});

describe('a person in two workspaces', () => {
  it('acts in one at a time: A’s objects are 404 in B and B’s in A; switching changes what they see', async () => {
    const a = await newWorkspaceUser(t.baseUrl, 'Ada');
    const b = await newWorkspaceUser(t.baseUrl, 'Ben');
    const member = await inviteNewMember(t.baseUrl, a.client, 'editor');
    const bEmail = member.email;
    await b.client.post('/api/team/invitations', { email: bEmail, role: 'viewer' });
    expect(
      (await member.client.post('/api/team/invitations/accept', { token: await mailedInvitationToken(t.app.database.pool, bEmail, member.token) })).status,
    ).toBe(200);

    const flowA = (await a.client.post('/api/flows', { ...flowBody, name: 'Flow of A' })).data.id as string;
    const flowB = (await b.client.post('/api/flows', { ...flowBody, name: 'Flow of B' })).data.id as string;
    // Accepting B's invitation switched the session to B: a viewer there.
    expect((await member.client.get('/api/auth/user')).data).toMatchObject({ workspaceId: b.user.workspaceId, role: 'viewer' });
    expect((await member.client.get('/api/flows')).data.map((f: { name: string }) => f.name)).toEqual(['Flow of B']);
    expect((await member.client.get(`/api/flows/${flowA}`)).status).toBe(404);
    expect((await member.client.request('PUT', `/api/flows/${flowA}`, { json: flowBody })).status).toBe(403);
    expect((await member.client.delete(`/api/flows/${flowB}`)).status).toBe(403);

    const switched = await member.client.post('/api/workspaces/switch', { workspaceId: a.user.workspaceId });
    expect(switched.data).toEqual({ workspaceId: a.user.workspaceId, role: 'editor' });
    expect((await member.client.get('/api/flows')).data.map((f: { name: string }) => f.name)).toEqual(['Flow of A']);
    expect((await member.client.get(`/api/flows/${flowB}`)).status).toBe(404);
    expect((await member.client.delete(`/api/flows/${flowB}`)).status).toBe(404);
    expect((await member.client.get(`/api/flows/${flowA}`)).status).toBe(200);
    const spaces = (await member.client.get('/api/workspaces')).data.workspaces as { id: string; active: boolean }[];
    expect(spaces.filter((w) => w.active).map((w) => w.id)).toEqual([a.user.workspaceId]);
    expect(spaces).toHaveLength(3);
  });

  it('acting in a workspace other than the default costs no database round trip for the session, user or role', async () => {
    const a = await newWorkspaceUser(t.baseUrl, 'Dee');
    const member = await inviteNewMember(t.baseUrl, a.client, 'agent');
    await member.client.post('/api/workspaces/switch', { workspaceId: member.ownWorkspaceId });
    await member.client.post('/api/workspaces/switch', { workspaceId: a.user.workspaceId });
    const cache = t.app.web!.sessionCache;
    await member.client.get('/api/conversations'); // fills the cache after the switch
    const before = { ...cache.stats };
    for (let i = 0; i < 5; i++) expect((await member.client.get('/api/conversations')).status).toBe(200);
    expect(cache.stats.sessionMisses - before.sessionMisses).toBe(0);
    expect(cache.stats.userMisses - before.userMisses).toBe(0);
    expect(cache.stats.sessionHits - before.sessionHits).toBe(5);
    // …and it acts as the agent it is there, not as the owner it is at home.
    expect((await member.client.post('/api/flows', flowBody)).status).toBe(403);
  });

  it('a switch on one device moves that session and where new sessions start, not the other device’s session', async () => {
    const a = await newWorkspaceUser(t.baseUrl, 'Fay');
    const member = await inviteNewMember(t.baseUrl, a.client, 'agent');
    const laptop = new HttpClient(t.baseUrl);
    expect((await laptop.post('/api/auth/login', { email: member.email, password: 'secret12' })).data.user.workspaceId).toBe(a.user.workspaceId);
    await member.client.post('/api/workspaces/switch', { workspaceId: member.ownWorkspaceId });
    expect((await laptop.get('/api/auth/user')).data.workspaceId).toBe(a.user.workspaceId);
    const fresh = new HttpClient(t.baseUrl);
    expect((await fresh.post('/api/auth/login', { email: member.email, password: 'secret12' })).data.user.workspaceId).toBe(member.ownWorkspaceId);
  });

  it('a page of one workspace is refused after another tab switched the session, not carried out in the other', async () => {
    const a = await newWorkspaceUser(t.baseUrl, 'Cy');
    const member = await inviteNewMember(t.baseUrl, a.client, 'editor');
    const tabInA = { 'x-workspace-id': a.user.workspaceId };
    expect((await member.client.get('/api/flows', tabInA)).status).toBe(200);
    await member.client.post('/api/workspaces/switch', { workspaceId: member.ownWorkspaceId });
    const stale = await member.client.request('POST', '/api/flows', { json: flowBody, headers: tabInA });
    expect(stale.status).toBe(409);
    expect(stale.data.details).toEqual({ reason: 'workspace_changed', workspaceId: member.ownWorkspaceId });
    expect((await a.client.get('/api/flows')).data).toEqual([]);
    expect((await member.client.get('/api/flows')).data).toEqual([]);
    // The stale tab can still switch back.
    expect((await member.client.request('POST', '/api/workspaces/switch', { json: { workspaceId: a.user.workspaceId }, headers: tabInA })).status).toBe(200);
    expect((await member.client.get('/api/flows', tabInA)).status).toBe(200);
  });
});

describe('deleting an account', () => {
  it('is refused while the user alone owns a workspace with other members; after a transfer they leave it', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Dora');
    const member = await inviteNewMember(t.baseUrl, owner.client, 'editor');
    const refused = await owner.client.request('DELETE', '/api/account', { json: { confirmation: 'DELETE', password: 'secret12' } });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(
      'You are the only owner of "Dora\'s workspace", which other people belong to. Make one of them owner (Settings → Team) or remove them before you delete your account.',
    );
    expect((await owner.client.get('/api/auth/user')).status).toBe(200);

    expect((await owner.client.post('/api/team/ownership', { userId: member.userId })).status).toBe(204);
    expect((await owner.client.request('DELETE', '/api/account', { json: { confirmation: 'DELETE', password: 'secret12' } })).status).toBe(200);
    const members = (await member.client.get('/api/team/members')).data.members as { userId: string; role: string }[];
    expect(members.map((m) => [m.userId, m.role])).toEqual([[member.userId, 'owner']]);
    const pool = t.app.database.pool;
    expect((await pool.query('select 1 from workspaces where id = $1', [owner.user.workspaceId])).rowCount).toBe(1);
    const entry = (await member.client.get('/api/audit-log')).data.entries[0];
    expect(entry).toMatchObject({ action: 'member.account_deleted', actorId: owner.user.id });
    expect(entry.actorLabel).toMatch(/^Dora Test <dora-/);
  });

  it('a member who deletes their account takes their own workspace and leaves the team’s', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Eli');
    const member = await inviteNewMember(t.baseUrl, owner.client, 'agent');
    expect((await member.client.request('DELETE', '/api/account', { json: { confirmation: 'DELETE', password: 'secret12' } })).status).toBe(200);
    const pool = t.app.database.pool;
    expect((await pool.query('select 1 from workspaces where id = $1', [member.ownWorkspaceId])).rowCount).toBe(0);
    expect((await owner.client.get('/api/team/members')).data.members).toHaveLength(1);
    expect((await pool.query('select 1 from users where id = $1', [member.userId])).rowCount).toBe(0);
  });
});
