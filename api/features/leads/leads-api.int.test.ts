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
      expect(res.data.pagination).toMatchObject({ page, limit: 20, total: 95, pages: 5 });
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

  it('a deep page by number (found by its first key, then read by keyset) is the same rows as the order says, ties and filters included', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    // 700 leads in groups of 7 sharing one timestamp: page boundaries (limit 20) fall inside groups.
    await t.app.database.pool.query(
      `insert into leads (workspace_id, name, source, status, created_at)
       select $1, 'Lead ' || g, (array['instagram','facebook','twitter','manual'])[1 + g % 4],
              (array['new','contacted','qualified','converted','lost'])[1 + g % 5], timestamptz '2026-01-01' + (g / 7) * interval '1 second'
       from generate_series(1, 700) g`,
      [w.user.workspaceId],
    );
    for (const [filter, where] of [
      ['', ''],
      ['status=qualified&', "and status = 'qualified'"],
      ['source=facebook&', "and source = 'facebook'"],
      ['search=lead%201&', "and name ilike '%lead 1%'"],
    ] as const) {
      const expected = (
        await t.app.database.pool.query(`select id from leads where workspace_id = $1 ${where} order by created_at desc, id desc`, [w.user.workspaceId])
      ).rows.map((r: { id: string }) => r.id);
      expect(expected.length).toBeGreaterThan(40);
      const pages = Math.ceil(expected.length / 20);
      // Every page from the first to the last (the middle ones skip the most), then one past the end.
      for (let page = 1; page <= pages + 1; page++) {
        const res = await w.client.get(`/api/leads?${filter}limit=20&page=${page}`);
        expect(res.status).toBe(200);
        expect(res.data.pagination).toMatchObject({ page, total: expected.length, pages });
        expect(res.data.leads.map((l: { id: string }) => l.id)).toEqual(expected.slice((page - 1) * 20, page * 20));
        // Its cursors continue where it ends, as a keyset read would.
        if (page < pages) {
          const next = await w.client.get(`/api/leads?${filter}limit=20&after=${encodeURIComponent(res.data.pagination.nextCursor)}`);
          expect(next.data.leads.map((l: { id: string }) => l.id)).toEqual(expected.slice(page * 20, (page + 1) * 20));
        }
      }
    }
  });

  it('steps through every page with keyset cursors, forwards and back, filtered or not, same order as page numbers', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    // 95 leads in groups of 10 sharing one timestamp, some a microsecond apart (finer than a JS date).
    await t.app.database.pool.query(
      `insert into leads (workspace_id, name, source, status, created_at)
       select $1, 'Lead ' || g, (array['instagram','facebook','twitter','manual'])[1 + g % 4],
              (array['new','contacted','qualified','converted','lost'])[1 + g % 5],
              timestamptz '2026-01-01' + (g / 10) * interval '1 minute' + (g % 3) * interval '1 microsecond'
       from generate_series(1, 95) g`,
      [w.user.workspaceId],
    );
    const ids = (res: { data: { leads: { id: string }[] } }) => res.data.leads.map((l) => l.id);
    for (const filter of ['', 'source=instagram&', 'status=new&source=twitter&', 'search=lead%201&']) {
      const byNumber: string[][] = [];
      const first = await w.client.get(`/api/leads?${filter}limit=7`);
      for (let page = 1; page <= first.data.pagination.pages; page++) byNumber.push(ids(await w.client.get(`/api/leads?${filter}limit=7&page=${page}`)));
      expect(first.data.pagination.prevCursor).toBeNull();

      // Forwards with `after`: the same pages as by number, then no next cursor.
      const forwards: string[][] = [ids(first)];
      let res = first;
      while (res.data.pagination.nextCursor) {
        res = await w.client.get(`/api/leads?${filter}limit=7&after=${encodeURIComponent(res.data.pagination.nextCursor)}&page=${forwards.length + 1}`);
        expect(res.status).toBe(200);
        expect(res.data.pagination).toMatchObject({ page: forwards.length + 1, total: first.data.pagination.total, pages: first.data.pagination.pages });
        forwards.push(ids(res));
      }
      expect(forwards).toEqual(byNumber);

      // Back with `before` from the last page: the same pages again, then no previous cursor.
      const backwards: string[][] = [ids(res)];
      while (res.data.pagination.prevCursor) {
        res = await w.client.get(`/api/leads?${filter}limit=7&before=${encodeURIComponent(res.data.pagination.prevCursor)}`);
        expect(res.status).toBe(200);
        backwards.unshift(ids(res));
      }
      expect(backwards).toEqual(byNumber);
    }
    // A page by number hands out cursors too: page 3's next is page 4.
    const p3 = await w.client.get('/api/leads?limit=20&page=3');
    const p4 = await w.client.get(`/api/leads?limit=20&after=${encodeURIComponent(p3.data.pagination.nextCursor)}`);
    expect(ids(p4)).toEqual(ids(await w.client.get('/api/leads?limit=20&page=4')));
    const p2 = await w.client.get(`/api/leads?limit=20&before=${encodeURIComponent(p3.data.pagination.prevCursor)}`);
    expect(ids(p2)).toEqual(ids(await w.client.get('/api/leads?limit=20&page=2')));
  });

  it('refuses a malformed cursor, or after and before together, with 400 and details', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.post('/api/leads', { name: 'Only' });
    const cursor = '2026-01-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000000';
    for (const q of ['after=yesterday', 'before=2026-01-01_1', "after=2026-01-01T00:00:00.000000Z_x'--", `after=${cursor}&before=${cursor}`]) {
      const res = await w.client.get(`/api/leads?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.data, q).toMatchObject({ error: expect.any(String), details: [expect.objectContaining({ path: expect.any(String) })] });
    }
    // A well-formed cursor nothing was made from is just a position: older than 2026 is nothing here.
    expect((await w.client.get(`/api/leads?after=${cursor}`)).data).toMatchObject({ leads: [], pagination: { total: 1, nextCursor: null } });
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
    expect(filtered.data.pagination).toMatchObject({ page: 2, limit: 1, total: 2, pages: 2, nextCursor: null });
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
    // A cursor is only a position: Alice's, used by Bob, pages Bob's leads, never hers.
    const { data: second } = await a.client.post('/api/leads', { name: 'Second Buyer' });
    const aliceNext: string = (await a.client.get('/api/leads?limit=1')).data.pagination.nextCursor;
    expect(aliceNext).toContain('_');
    await b.client.post('/api/leads', { name: 'Bob Lead' });
    const newer = await b.client.get(`/api/leads?before=${encodeURIComponent(aliceNext)}`);
    const older = await b.client.get(`/api/leads?after=${encodeURIComponent(aliceNext)}`);
    expect(newer.status).toBe(200);
    expect(newer.data.leads.map((l: { name: string }) => l.name)).toContain('Bob Lead');
    for (const l of [...newer.data.leads, ...older.data.leads] as { id: string }[]) expect([secret.id, second.id]).not.toContain(l.id);
    expect((await new HttpClient(t.baseUrl).get('/api/leads')).status).toBe(401);
  });
});
