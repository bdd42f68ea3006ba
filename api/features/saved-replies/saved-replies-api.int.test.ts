import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type Client = Awaited<ReturnType<typeof newWorkspaceUser>>['client'];
const patch = (c: Client, path: string, json: unknown) => c.request('PATCH', path, { json });

describe('saved replies API', () => {
  it('creates, lists by name, updates and deletes a workspace’s saved replies', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    expect((await w.client.get('/api/saved-replies')).data).toEqual([]);
    const price = await w.client.post('/api/saved-replies', { name: 'price', content: '  Our plans start at $19/month.  ' });
    expect(price.status).toBe(201);
    expect(price.data).toMatchObject({ name: 'price', content: 'Our plans start at $19/month.' });
    const hours = await w.client.post('/api/saved-replies', { name: 'Hours', content: 'We answer 9–5 CET.' });
    expect(hours.status).toBe(201);
    expect((await w.client.get('/api/saved-replies')).data.map((r: { name: string }) => r.name)).toEqual(['Hours', 'price']);

    const renamed = await patch(w.client, `/api/saved-replies/${price.data.id}`, { name: 'pricing' });
    expect(renamed.status).toBe(200);
    expect(renamed.data).toMatchObject({ id: price.data.id, name: 'pricing', content: 'Our plans start at $19/month.' });
    const edited = await patch(w.client, `/api/saved-replies/${price.data.id}`, { content: 'From $29/month.' });
    expect(edited.data).toMatchObject({ name: 'pricing', content: 'From $29/month.' });

    expect((await w.client.delete(`/api/saved-replies/${hours.data.id}`)).status).toBe(204);
    expect((await w.client.delete(`/api/saved-replies/${hours.data.id}`)).status).toBe(404);
    expect((await w.client.get('/api/saved-replies')).data).toEqual([expect.objectContaining({ id: price.data.id, content: 'From $29/month.' })]);
  });

  it('answers 400 with details for bad input and writes nothing', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const cases = [
      {},
      { name: 'ok' },
      { name: '', content: 'x' },
      { name: 'two words', content: 'x' },
      { name: 'ok', content: '   ' },
      { name: 'ok', content: 'x'.repeat(2001) },
      { name: 'x'.repeat(41), content: 'x' },
      { name: 7, content: 'x' },
    ];
    for (const body of cases) {
      const res = await w.client.post('/api/saved-replies', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.data.error).toEqual(expect.any(String));
      expect(res.data.details.length).toBeGreaterThan(0);
    }
    expect((await w.client.post('/api/saved-replies', { name: 'two words', content: 'x' })).data.details[0]).toMatchObject({ path: 'name' });

    const created = await w.client.post('/api/saved-replies', { name: 'thanks', content: 'Thank you!' });
    expect((await patch(w.client, `/api/saved-replies/${created.data.id}`, {})).status).toBe(400);
    expect((await patch(w.client, `/api/saved-replies/${created.data.id}`, { content: '' })).status).toBe(400);
    expect((await w.client.get('/api/saved-replies')).data).toEqual([expect.objectContaining({ name: 'thanks', content: 'Thank you!' })]);
  });

  it('refuses a second reply of the same name in any case (409), but another workspace may use it', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const first = await w.client.post('/api/saved-replies', { name: 'Welcome', content: 'Hi!' });
    const dup = await w.client.post('/api/saved-replies', { name: 'welcome', content: 'Hello' });
    expect(dup.status).toBe(409);
    expect(dup.data.details).toEqual([{ path: 'name', message: 'A saved reply with this name exists' }]);
    const other = await w.client.post('/api/saved-replies', { name: 'bye', content: 'Bye' });
    expect((await patch(w.client, `/api/saved-replies/${other.data.id}`, { name: 'WELCOME' })).status).toBe(409);
    expect((await w.client.get('/api/saved-replies')).data.map((r: { id: string }) => r.id).sort()).toEqual([first.data.id, other.data.id].sort());

    const elsewhere = await newWorkspaceUser(t.baseUrl);
    expect((await elsewhere.client.post('/api/saved-replies', { name: 'welcome', content: 'Hey' })).status).toBe(201);
  });

  it("another workspace's saved reply ids answer 404 and stay unchanged; signed-out requests 401", async () => {
    const alice = await newWorkspaceUser(t.baseUrl, 'Alice');
    const mallory = await newWorkspaceUser(t.baseUrl, 'Mallory');
    const reply = (await alice.client.post('/api/saved-replies', { name: 'secret', content: 'Alice only' })).data;

    const attempts = [
      await patch(mallory.client, `/api/saved-replies/${reply.id}`, { content: 'hijacked' }),
      await mallory.client.delete(`/api/saved-replies/${reply.id}`),
      await patch(mallory.client, '/api/saved-replies/not-a-uuid', { content: 'x' }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404]);
    expect((await mallory.client.get('/api/saved-replies')).data).toEqual([]);
    expect((await alice.client.get('/api/saved-replies')).data).toEqual([expect.objectContaining({ id: reply.id, content: 'Alice only' })]);

    expect((await fetch(`${t.baseUrl}/api/saved-replies`)).status).toBe(401);
  });
});
