import { expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { inviteNewMember } from '../../../tests/support/team';
import { useTestApp } from '../../../tests/support/use-test-app';

const app = useTestApp();

it('POST /api/notifications/test puts a notice with the message in your own bell, and only yours', async () => {
  const w = await app.signIn();
  const other = await app.signIn('Other');
  const res = await w.client.post('/api/notifications/test', { message: 'Does the bell ring?' });
  expect(res.status).toBe(201);
  expect(res.data).toEqual({ id: expect.any(String) });
  const bell = (await w.client.get('/api/notifications')).data;
  expect(bell.unreadCount).toBe(1);
  expect(bell.notifications[0]).toMatchObject({ id: res.data.id, kind: 'test', title: 'Test notification', body: 'Does the bell ring?', readAt: null });
  expect((await other.client.get('/api/notifications')).data.notifications).toEqual([]);
  // Another one is another notice, not the same one again.
  await w.client.post('/api/notifications/test', { message: 'Twice' });
  expect((await w.client.get('/api/notifications')).data.unreadCount).toBe(2);
});

it('POST /api/notifications/test needs a session and a message', async () => {
  const w = await app.signIn();
  for (const body of [{}, { message: '   ' }, { message: 'x'.repeat(501) }, { message: 7 }]) {
    const res = await w.client.post('/api/notifications/test', body);
    expect(res.status).toBe(400);
    expect(res.data.error).toBeTruthy();
  }
  expect((await new HttpClient(app.t.baseUrl).post('/api/notifications/test', { message: 'hi' })).status).toBe(401);
});

it('a member of two workspaces sees each workspace’s notices only while acting in it (ADR 0038)', async () => {
  const owner = await app.signIn('Team');
  const member = await inviteNewMember(app.t.baseUrl, owner.client, 'agent');
  // Accepting switched them to the team's workspace: a notice there is not in their own one's bell.
  const inTeam = await member.client.post('/api/notifications/test', { message: 'In the team' });
  expect(inTeam.status).toBe(201);
  expect((await member.client.get('/api/notifications')).data).toMatchObject({ unreadCount: 1, notifications: [{ body: 'In the team' }] });

  expect((await member.client.post('/api/workspaces/switch', { workspaceId: member.ownWorkspaceId })).status).toBe(200);
  expect((await member.client.get('/api/notifications')).data).toEqual({ notifications: [], unreadCount: 0 });
  // The team's notice is another workspace's here: 404, and it stays unread.
  expect((await member.client.post(`/api/notifications/${inTeam.data.id}/read`)).status).toBe(404);

  expect((await member.client.post('/api/workspaces/switch', { workspaceId: member.workspaceId })).status).toBe(200);
  expect((await member.client.get('/api/notifications')).data.unreadCount).toBe(1);
  expect((await member.client.post(`/api/notifications/${inTeam.data.id}/read`)).data.unreadCount).toBe(0);
});
