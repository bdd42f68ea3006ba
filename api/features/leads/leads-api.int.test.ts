import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type Client = Awaited<ReturnType<typeof newWorkspaceUser>>['client'];
const patch = (c: Client, path: string, json: unknown) => c.request('PATCH', path, { json });

describe('manual leads', () => {
  it('needs a name or an email, and says so', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const res = await w.client.post('/api/leads', { source: 'manual' });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ error: 'Enter a name or an email for the lead', details: [{ path: 'name' }] });
    expect((await w.client.post('/api/leads', { email: 'not-an-email' })).status).toBe(400);
    expect((await w.client.post('/api/leads', { name: 'Ann', source: 'myspace' })).status).toBe(400);

    const created = await w.client.post('/api/leads', { name: 'Ann Lee' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Ann Lee', email: null, source: 'manual', status: 'new', score: 0, value: 0 });
  });

  it('dedupes by email case-insensitively: the second add is the same lead', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const first = await w.client.post('/api/leads', { email: 'Buyer@Example.com', source: 'instagram' });
    expect(first.status).toBe(201);
    await patch(w.client, `/api/leads/${first.data.id}`, { status: 'qualified' });
    const again = await w.client.post('/api/leads', { name: 'The Buyer', email: 'buyer@EXAMPLE.com' });
    expect(again.status).toBe(200);
    // Same row; the missing name is filled in, the status it earned stays.
    expect(again.data).toMatchObject({ id: first.data.id, name: 'The Buyer', email: 'Buyer@Example.com', status: 'qualified' });
    const list = await w.client.get('/api/leads');
    expect(list.data.pagination.total).toBe(1);

    // Changing another lead's email onto a taken one is a conflict, not a second row.
    const other = await w.client.post('/api/leads', { name: 'Other' });
    const taken = await patch(w.client, `/api/leads/${other.data.id}`, { email: 'BUYER@example.com' });
    expect(taken.status).toBe(409);
    expect(taken.data.details).toEqual([{ path: 'email', message: 'Another lead already has this email' }]);
  });

  it('sets any status directly, and value, notes, name and email', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const { data: lead } = await w.client.post('/api/leads', { name: 'Bo' });
    for (const status of ['converted', 'new', 'lost', 'contacted', 'qualified']) {
      const res = await patch(w.client, `/api/leads/${lead.id}`, { status });
      expect(res.status).toBe(200);
      expect(res.data.status).toBe(status);
    }
    const res = await patch(w.client, `/api/leads/${lead.id}`, { value: 129900, notes: 'Wants the annual plan', name: 'Bo Diaz', email: 'bo@example.com' });
    expect(res.data).toMatchObject({ value: 129900, notes: 'Wants the annual plan', name: 'Bo Diaz', email: 'bo@example.com', status: 'qualified' });
    expect((await patch(w.client, `/api/leads/${lead.id}`, { email: '' })).data.email).toBeNull();
    expect((await patch(w.client, `/api/leads/${lead.id}`, { status: 'won' })).status).toBe(400);
    expect((await patch(w.client, `/api/leads/${lead.id}`, { value: -1 })).status).toBe(400);
    expect((await patch(w.client, `/api/leads/${lead.id}`, { value: 1.5 })).status).toBe(400);
    expect((await patch(w.client, `/api/leads/${lead.id}`, {})).status).toBe(400);

    const counts = (await w.client.get('/api/leads')).data.counts;
    expect(counts).toEqual({ new: 0, contacted: 0, qualified: 1, converted: 0, lost: 0 });
    expect((await w.client.delete(`/api/leads/${lead.id}`)).status).toBe(204);
    expect((await w.client.delete(`/api/leads/${lead.id}`)).status).toBe(404);
  });
});

describe('list', () => {
  it('pages through ties in a stable order (created_at desc, id desc), every lead once, from either end', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    // 95 leads, created in groups of 10 sharing one timestamp.
    await t.app.database.pool.query(
      `insert into leads (workspace_id, name, source, status, created_at)
       select $1, 'Lead ' || g, (array['instagram','facebook','twitter','manual'])[1 + g % 4],
              (array['new','contacted','qualified','converted','lost'])[1 + g % 5], timestamptz '2026-01-01' + (g / 10) * interval '1 minute'
       from generate_series(1, 95) g`,
      [w.user.workspaceId],
    );
    const expected = (
      await t.app.database.pool.query('select id from leads where workspace_id = $1 order by created_at desc, id desc', [w.user.workspaceId])
    ).rows.map((r: { id: string }) => r.id);
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await w.client.get(`/api/leads?page=${page}&limit=20`);
      expect(res.status).toBe(200);
      expect(res.data.pagination).toEqual({ page, limit: 20, total: 95, pages: 5 });
      expect(res.data.leads).toHaveLength(page === 5 ? 15 : 20);
      seen.push(...res.data.leads.map((l: { id: string }) => l.id));
    }
    // Pages 4 and 5 are read from the far end; the order must not change there.
    expect(seen).toEqual(expected);
    expect((await w.client.get('/api/leads?page=6')).data.leads).toEqual([]);
    expect((await w.client.get('/api/leads?page=0')).status).toBe(400);
    expect((await w.client.get('/api/leads?limit=500')).status).toBe(400);
    expect((await w.client.get('/api/leads')).data.counts).toEqual({ new: 19, contacted: 19, qualified: 19, converted: 19, lost: 19 });
  });

  it('filters by status, source and search on name, email or handle, and pages the filtered set', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.post('/api/leads', { name: 'Zed Alpha', email: 'zed@shop.io', source: 'twitter' });
    await w.client.post('/api/leads', { name: 'Yan', socialHandle: '@yan.shop', source: 'instagram' });
    await w.client.post('/api/leads', { name: '100%_real', source: 'instagram' });
    const names = async (q: string) => (await w.client.get(`/api/leads?${q}`)).data.leads.map((l: { name: string }) => l.name).sort();
    expect(await names('search=SHOP')).toEqual(['Yan', 'Zed Alpha']);
    expect(await names('search=zed%40')).toEqual(['Zed Alpha']);
    expect(await names('search=%25_')).toEqual(['100%_real']); // wildcards are literal
    expect(await names('source=instagram')).toEqual(['100%_real', 'Yan']);
    expect(await names('source=instagram&search=yan')).toEqual(['Yan']);
    expect(await names('status=all&source=all')).toHaveLength(3);
    expect(await names('status=lost')).toEqual([]);
    const filtered = await w.client.get('/api/leads?source=instagram&limit=1&page=2');
    expect(filtered.data.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 });
    expect(filtered.data.counts.new).toBe(3); // the stats row counts the whole workspace
  });
});

describe('tenancy', () => {
  it("answers 404 for another workspace's lead and never lists or exports it", async () => {
    const a = await newWorkspaceUser(t.baseUrl, 'Alice');
    const b = await newWorkspaceUser(t.baseUrl, 'Bob');
    const { data: secret } = await a.client.post('/api/leads', { name: 'Secret Buyer', email: 'secret@example.com' });
    expect((await b.client.get(`/api/leads/${secret.id}`)).status).toBe(404);
    expect((await patch(b.client, `/api/leads/${secret.id}`, { status: 'lost' })).status).toBe(404);
    expect((await b.client.delete(`/api/leads/${secret.id}`)).status).toBe(404);
    expect((await b.client.get('/api/leads?search=secret')).data).toMatchObject({ leads: [], pagination: { total: 0, pages: 1 } });
    expect((await b.client.get('/api/leads/export.csv')).text).not.toContain('Secret');
    // The same email in another workspace is another lead.
    expect((await b.client.post('/api/leads', { email: 'secret@example.com' })).status).toBe(201);
    expect((await a.client.get(`/api/leads/${secret.id}`)).data.status).toBe('new');
    expect((await new HttpClient(t.baseUrl).get('/api/leads')).status).toBe(401);
  });
});
