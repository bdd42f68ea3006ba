import { expect } from 'vitest';
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

/** An API key with these scopes, made by the signed-in owner (the answer carries it once). */
export async function makeApiKey(w: { client: HttpClient }, scopes: string[], name = 'Test'): Promise<string> {
  return (await w.client.post('/api/api-keys', { name, scopes })).data.key as string;
}

/** A conversation with Maya, who wrote a DM to the Messenger sandbox account a moment ago. */
export async function conversationWithMaya(w: { client: HttpClient; messenger: { id: string } }): Promise<string> {
  expect((await w.client.post('/api/simulator/messages', { accountId: w.messenger.id, contact: maya, text: 'Do you ship to Lisbon?' })).status).toBe(202);
  let id: string | undefined;
  await expect
    .poll(async () => {
      id = (await w.client.get('/api/conversations')).data.conversations[0]?.id;
      return id;
    })
    .toBeDefined();
  return id!;
}
