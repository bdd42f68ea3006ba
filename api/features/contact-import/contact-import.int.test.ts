import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteNewMember } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

/** Contact import through the real server and the real worker (role all): ADR 0044. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type Client = Awaited<ReturnType<typeof newWorkspaceUser>>['client'];

async function untilDone(client: Client, id: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await client.get(`/api/contacts/import/${id}`);
    expect(res.status).toBe(200);
    if (res.data.status === 'done' || res.data.status === 'failed') return res.data;
    if (Date.now() > deadline) throw new Error(`import still ${res.data.status}: ${JSON.stringify(res.data)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('preview', () => {
  it('answers the columns, the first 20 rows, the row count and malformed lines by number', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const rows = Array.from({ length: 30 }, (_, i) => `Person ${i},p${i}@example.com`);
    // Line 5: a stray quote; line 8: three fields under a two-column header; quoted line breaks count as lines.
    rows.splice(3, 0, 'Bad"quote,x@example.com');
    rows.splice(5, 0, '"Two\nlines",two@example.com', 'Extra,e@example.com,oops');
    const csv = `\uFEFFName,E-mail\r\n${rows.join('\n')}\n`;
    const res = await w.client.post('/api/contacts/import/preview', { csv });
    expect(res.status).toBe(200);
    expect(res.data.headers).toEqual(['Name', 'E-mail']);
    expect(res.data.rows).toHaveLength(20);
    expect(res.data.rows[0]).toEqual(['Person 0', 'p0@example.com']);
    expect(res.data.rows).toContainEqual(['Two\nlines', 'two@example.com']);
    expect(res.data.totalRows).toBe(33);
    expect(res.data.errors).toEqual([
      { line: 5, reason: expect.stringMatching(/^Line 5: .*quote/i) },
      { line: 9, reason: 'Line 9 has 3 fields, the header has 2' },
    ]);
  });

  it('refuses an empty body, a header-less file and a file over 20 MB (413)', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    expect((await w.client.post('/api/contacts/import/preview', { csv: '' })).status).toBe(400);
    const dup = await w.client.post('/api/contacts/import/preview', { csv: 'a,a\n1,2\n' });
    expect(dup.status).toBe(400);
    expect(dup.data.error).toBe('The column "a" appears twice in the header row');
    const big = `name\n${'x'.repeat(99)}\n`.repeat(Math.ceil((20 * 1024 * 1024) / 100) + 10);
    const tooBig = await w.client.post('/api/contacts/import', { csv: big, mapping: { name: 'name' } });
    expect(tooBig.status).toBe(413);
    expect(tooBig.data.error).toMatch(/limited to 20 MB/);
    // Past the route's body limit, the body parser's own 413 (never a 500).
    const huge = await w.client.request('POST', '/api/contacts/import/preview', {
      body: JSON.stringify({ csv: 'y'.repeat(50 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
  });
});

describe('import', () => {
  it('maps columns, dedupes within the file and against leads and contacts, tags the batch, and rejects bad rows by line', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const ws = w.user.workspaceId;
    const pool = t.app.database.pool;
    // Already there: a lead with this email, and a contact we know by Instagram id and by handle.
    const existing = await w.client.post('/api/leads', { name: 'Old Name', email: 'known@example.com' });
    const contact = (
      await pool.query<{ id: string }>(
        `insert into contacts (workspace_id, account_id, external_user_id, name, username) values ($1, $2, '178414', 'Ig Person', 'ig.person') returning id`,
        [ws, w.instagram.id],
      )
    ).rows[0]!.id;
    const csv = [
      'Full name,Email,Phone,IG,Plan,Ignored',
      'Ann,ann@example.com,+1 555 0100,@ann.handle,gold,z', // 2 new
      'Known,KNOWN@example.com,,,silver,z', // 3 fills the existing lead's blanks
      'Ann again,ann@example.com,,,,z', // 4 same email as line 2: merged
      'By id,,,178414,,z', // 5 the contact by Instagram id
      'By handle,,,@IG.PERSON,,z', // 6 the same contact by handle: merged into line 5's lead
      'Nobody,not-an-email,,,,z', // 7 rejected
      ',,,,,z', // 8 rejected: nothing to import
      'Handle only,,,@handle.only,,z', // 9 new
      'Bad "quote,x@example.com,,,,z', // 10 malformed
    ].join('\n');
    const start = await w.client.post('/api/contacts/import', {
      csv,
      fileName: 'crm.csv',
      mapping: { name: 'Full name', email: 'Email', phone: 'Phone', instagram: 'IG', 'field:plan': 'Plan' },
      tags: ['imported', 'vip'],
    });
    expect(start.status).toBe(202);
    expect(start.data).toMatchObject({ fileName: 'crm.csv', totalRows: 9 });
    const done = await untilDone(w.client, start.data.id);
    expect(done).toMatchObject({ status: 'done', totalRows: 9, processedRows: 9, created: 3, updated: 3, rejected: 3, percent: 100, etaSeconds: null });

    const leads = (
      await pool.query(`select name, email, phone, social_handle, contact_id, source, tags, custom_fields from leads where workspace_id = $1 order by name`, [
        ws,
      ])
    ).rows;
    expect(leads).toEqual([
      expect.objectContaining({
        name: 'Ann',
        email: 'ann@example.com',
        phone: '+1 555 0100',
        social_handle: '@ann.handle',
        source: 'import',
        tags: ['imported', 'vip'],
        custom_fields: { plan: 'gold' },
      }),
      expect.objectContaining({ name: 'By id', contact_id: contact, social_handle: '@ig.person', tags: ['imported', 'vip'] }),
      expect.objectContaining({ name: 'Handle only', social_handle: '@handle.only' }),
      // The lead that was there keeps its name and email; its blanks and tags are filled.
      expect.objectContaining({ name: 'Old Name', email: 'known@example.com', source: 'manual', tags: ['imported', 'vip'], custom_fields: { plan: 'silver' } }),
    ]);
    expect((await pool.query(`select tags from contacts where id = $1`, [contact])).rows[0].tags.sort()).toEqual(['imported', 'vip']);
    expect(existing.status).toBe(201);
    // Nothing was sent to anyone: an import never messages (docs/platform-apis.md §2.1).
    expect((await pool.query(`select count(*)::int as n from outbound_ledger where workspace_id = $1`, [ws])).rows[0].n).toBe(0);

    const errors = await w.client.get(`/api/contacts/import/${start.data.id}/rejected.csv`);
    expect(errors.status).toBe(200);
    expect(errors.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = errors.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('line,reason,Full name,Email,Phone,IG,Plan,Ignored');
    expect(lines[1]).toBe('7,Line 7: email: Not a valid email address,Nobody,not-an-email,,,,z');
    expect(lines[2]).toBe('8,"Line 8: No name, email, phone or handle",,,,,,z');
    expect(lines[3]).toMatch(/^10,"?Line 10: .*quote/i);
  });

  it('refuses a mapping to a column the file lacks, or an unknown field, with 400', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const missing = await w.client.post('/api/contacts/import', { csv: 'a\n1\n', mapping: { name: 'b' } });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toBe('The file has no column "b"');
    const unknown = await w.client.post('/api/contacts/import', { csv: 'a\n1\n', mapping: { name: 'a', birthday: 'a' } });
    expect(unknown.status).toBe(400);
    const none = await w.client.post('/api/contacts/import', { csv: 'a\n1\n', mapping: { 'field:x': 'a' } });
    expect(none.status).toBe(400);
  });

  it('editors import, agents get 403 naming the permission, another workspace gets 404', async () => {
    const owner = await newWorkspaceUser(t.baseUrl);
    const editor = (await inviteNewMember(t.baseUrl, owner.client, 'editor')).client;
    const agent = (await inviteNewMember(t.baseUrl, owner.client, 'agent')).client;
    const body = { csv: 'name\nZed\n', mapping: { name: 'name' } };
    const refused = await agent.post('/api/contacts/import', body);
    expect(refused.status).toBe(403);
    expect(refused.data.details).toMatchObject({ permission: 'contacts:import' });
    const started = await editor.post('/api/contacts/import', body);
    expect(started.status).toBe(202);
    await untilDone(editor, started.data.id);
    // Progress is readable by the team; the rejected rows only by those who may import.
    expect((await agent.get(`/api/contacts/import/${started.data.id}`)).status).toBe(200);
    expect((await agent.get(`/api/contacts/import/${started.data.id}/rejected.csv`)).status).toBe(403);
    const stranger = await newWorkspaceUser(t.baseUrl);
    expect((await stranger.client.get(`/api/contacts/import/${started.data.id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/contacts/import/${started.data.id}/rejected.csv`)).status).toBe(404);
  });
});
