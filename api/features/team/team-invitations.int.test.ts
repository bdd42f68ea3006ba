import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailsTo } from '../../../tests/support/dev-outbox';
import { HttpClient } from '../../../tests/support/http-client';
import { inviteNewMember, mailedInvitationToken } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

let seq = 0;
const address = (name: string) => `${name}-${Date.now()}-${++seq}@example.com`;
async function registered(email: string, firstName = 'Nia') {
  const c = new HttpClient(t.baseUrl);
  expect((await c.post('/api/auth/register', { firstName, email, password: 'secret12' })).status).toBe(201);
  return c;
}

describe('inviting by email', () => {
  it('mails a single-use link; the invitee registers, accepts and acts in the workspace with the invited role', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Olga');
    const email = address('ed');
    const res = await owner.client.post('/api/team/invitations', { email: email.toUpperCase(), role: 'editor' });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ email, role: 'editor', status: 'pending', invitedBy: 'Olga Test' });
    expect(Date.parse(res.data.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const token = await mailedInvitationToken(t.app.database.pool, email);
    const mail = (await outboxMailsTo(t.app.database.pool, email)).find((m) => m.to === email)!;
    expect(mail.subject).toBe("Olga Test invited you to Olga's workspace on Replypilot");
    expect(mail.text).toContain(`${t.baseUrl}/invite?token=${token}`);
    expect(mail.text).toContain('as Editor');
    // Only the hash is stored.
    const stored = await t.app.database.pool.query('select token_hash from team_invitations where email = $1', [email]);
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].token_hash).not.toContain(token);

    const preview = await new HttpClient(t.baseUrl).post('/api/team/invitations/lookup', { token });
    expect(preview.data).toMatchObject({ email, role: 'editor', workspaceName: "Olga's workspace", invitedBy: 'Olga Test', status: 'pending' });

    const invitee = await registered(email);
    const accepted = await invitee.post('/api/team/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.data).toEqual({ workspaceId: owner.user.workspaceId, workspaceName: "Olga's workspace", role: 'editor' });
    const me = (await invitee.get('/api/auth/user')).data;
    expect(me).toMatchObject({ workspaceId: owner.user.workspaceId, role: 'editor' });
    // The invitee now sees the owner's workspace (its sandbox accounts) and the team.
    const members = (await invitee.get('/api/team/members')).data.members as { email: string; role: string }[];
    expect(members.map((m) => [m.email.split('-')[0], m.role])).toEqual([
      ['olga', 'owner'],
      ['ed', 'editor'],
    ]);
    expect((await owner.client.get('/api/team/invitations')).data.invitations).toEqual([]);
    const workspaces = (await invitee.get('/api/workspaces')).data.workspaces as { name: string; role: string; active: boolean; members: number }[];
    expect(workspaces.map((w) => [w.name, w.role, w.active, w.members])).toEqual([
      ["Nia's workspace", 'owner', false, 1],
      ["Olga's workspace", 'editor', true, 2],
    ]);
    // A new session of the invitee starts in the workspace they joined last.
    const again = new HttpClient(t.baseUrl);
    expect((await again.post('/api/auth/login', { email, password: 'secret12' })).data.user).toMatchObject({
      workspaceId: owner.user.workspaceId,
      role: 'editor',
    });
  });

  it('an existing account signs in and accepts; accepting twice is harmless, a second person is told it was used', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Omar');
    const email = address('agent');
    const invitee = await registered(email, 'Ana');
    await owner.client.post('/api/team/invitations', { email, role: 'agent' });
    const token = await mailedInvitationToken(t.app.database.pool, email);
    expect((await invitee.post('/api/team/invitations/accept', { token })).status).toBe(200);
    const twice = await invitee.post('/api/team/invitations/accept', { token });
    expect(twice.status).toBe(200);
    expect(twice.data.role).toBe('agent');

    const stranger = await registered(address('stranger'));
    const reused = await stranger.post('/api/team/invitations/accept', { token });
    expect(reused.status).toBe(410);
    expect(reused.data.error).toBe('This invitation was already used. Ask Omar Test for a new one.');
    expect((await new HttpClient(t.baseUrl).post('/api/team/invitations/lookup', { token })).data.status).toBe('accepted');
  });

  it('refuses expired, revoked, replaced, malformed and someone else’s links, each saying which', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Pia');
    const email = address('late');
    const invitee = await registered(email);
    const { data: inv } = await owner.client.post('/api/team/invitations', { email, role: 'viewer' });
    const token = await mailedInvitationToken(t.app.database.pool, email);

    const other = await registered(address('other'));
    const wrong = await other.post('/api/team/invitations/accept', { token });
    expect(wrong.status).toBe(403);
    expect(wrong.data.error).toContain(`This invitation is for ${email}`);

    await t.app.database.pool.query(`update team_invitations set expires_at = now() - interval '1 minute' where id = $1`, [inv.id]);
    const expired = await invitee.post('/api/team/invitations/accept', { token });
    expect(expired.status).toBe(410);
    expect(expired.data.error).toMatch(/^This invitation expired on .+ Ask Pia Test for a new one\.$/);
    expect((await owner.client.get('/api/team/invitations')).data.invitations[0]).toMatchObject({ id: inv.id, status: 'expired' });

    // A resend makes a new link valid for 7 days; the old one stops working.
    const resent = await owner.client.post(`/api/team/invitations/${inv.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.data.status).toBe('pending');
    const fresh = await mailedInvitationToken(t.app.database.pool, email, token);
    const replaced = await invitee.post('/api/team/invitations/accept', { token });
    expect(replaced.status).toBe(404);
    expect(replaced.data.error).toMatch(/^This invitation link is not valid/);

    expect((await owner.client.delete(`/api/team/invitations/${inv.id}`)).status).toBe(204);
    const revoked = await invitee.post('/api/team/invitations/accept', { token: fresh });
    expect(revoked.status).toBe(410);
    expect(revoked.data.error).toBe('This invitation was revoked. Ask Pia Test for a new one.');
    expect((await owner.client.delete(`/api/team/invitations/${inv.id}`)).status).toBe(404);

    const malformed = await invitee.post('/api/team/invitations/accept', { token: 'short' });
    expect(malformed.status).toBe(400);
    expect(malformed.data.details[0].path).toBe('token');
    expect((await new HttpClient(t.baseUrl).post('/api/team/invitations/accept', { token: fresh })).status).toBe(401);
    expect((await invitee.get('/api/auth/user')).data.workspaceId).not.toBe(owner.user.workspaceId);
  });

  it('validates invitations: role, address, duplicates, members, other workspaces’ ids', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Quin');
    const bad = await owner.client.post('/api/team/invitations', { email: 'not-an-email', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.data.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'role']);
    const email = address('dup');
    expect((await owner.client.post('/api/team/invitations', { email, role: 'agent' })).status).toBe(201);
    const dup = await owner.client.post('/api/team/invitations', { email, role: 'editor' });
    expect(dup.status).toBe(409);
    expect(dup.data.error).toContain('already has an open invitation');
    const self = await owner.client.post('/api/team/invitations', { email: (await owner.client.get('/api/auth/user')).data.email, role: 'admin' });
    expect(self.status).toBe(409);
    expect(self.data.error).toContain('is already a member');

    const stranger = await newWorkspaceUser(t.baseUrl, 'Rex');
    const theirs = (await owner.client.get('/api/team/invitations')).data.invitations[0].id as string;
    expect((await stranger.client.delete(`/api/team/invitations/${theirs}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/team/invitations/${theirs}/resend`)).status).toBe(404);
    expect((await stranger.client.delete('/api/team/invitations/not-a-uuid')).status).toBe(404);
  });

  it('a workspace sends at most 30 invitation mails an hour, resends included', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Uri');
    const { data: inv } = await owner.client.post('/api/team/invitations', { email: address('flood'), role: 'viewer' });
    for (let i = 2; i <= 30; i++) expect((await owner.client.post(`/api/team/invitations/${inv.id}/resend`)).status).toBe(200);
    const over = await owner.client.post(`/api/team/invitations/${inv.id}/resend`);
    expect(over.status).toBe(429);
    expect(over.data.error).toBe('This workspace sent 30 invitation emails in the last hour. Try again later.');
    expect((await owner.client.post('/api/team/invitations', { email: address('more'), role: 'viewer' })).status).toBe(429);
  });

  it('demo workspaces cannot invite, and demo accounts cannot join', async () => {
    const demo = new HttpClient(t.baseUrl);
    expect((await demo.post('/api/auth/test-login', {})).status).toBe(200);
    const res = await demo.post('/api/team/invitations', { email: address('victim'), role: 'viewer' });
    expect(res.status).toBe(403);
    expect(res.data.error).toContain('Demo workspaces cannot invite');

    const owner = await newWorkspaceUser(t.baseUrl, 'Tia');
    const email = address('real');
    await owner.client.post('/api/team/invitations', { email, role: 'viewer' });
    const join = await demo.post('/api/team/invitations/accept', { token: await mailedInvitationToken(t.app.database.pool, email) });
    expect(join.status).toBe(403);
    expect(join.data.error).toContain('Demo accounts cannot join a team');
  });

  it('records invitations and joins in the audit log', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Sol');
    const member = await inviteNewMember(t.baseUrl, owner.client, 'viewer');
    const { data } = await owner.client.get('/api/audit-log');
    expect(
      data.entries.map((e: { action: string; actorLabel: string; targetLabel: string }) => [e.action, e.actorLabel.split(' <')[0], e.targetLabel]),
    ).toEqual([
      ['member.joined', 'Member Test', member.email],
      ['member.invited', 'Sol Test', member.email],
    ]);
  });
});
