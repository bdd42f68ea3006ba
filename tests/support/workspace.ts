import { HttpClient } from './http-client';

let seq = 0;

/** A freshly registered user (own workspace) with a signed-in client. */
export async function newWorkspaceUser(baseUrl: string, firstName = 'Owner') {
  const client = new HttpClient(baseUrl);
  const email = `${firstName.toLowerCase()}-${Date.now()}-${++seq}@example.com`;
  const res = await client.post('/api/auth/register', { firstName, lastName: 'Test', email, password: 'secret12' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  const sim = await client.get('/api/simulator');
  const ig = sim.data.accounts.find((a: { platform: string }) => a.platform === 'instagram');
  const fb = sim.data.accounts.find((a: { platform: string }) => a.platform === 'facebook');
  const igPosts = sim.data.posts.filter((p: { accountId: string }) => p.accountId === ig.id);
  return {
    client,
    user: res.data.user as { id: string; workspaceId: string },
    instagram: ig as { id: string; username: string },
    messenger: fb as { id: string; username: string },
    igPosts: igPosts as { externalId: string; permalink: string }[],
  };
}

export const maya = { externalUserId: 'sim-maya', name: 'Maya Chen', username: 'maya.creates' };
