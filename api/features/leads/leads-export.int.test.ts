import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

it('exports the filtered leads as CSV: escaped quotes, commas and newlines, formulas defused, list order', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const tricky = await w.client.post('/api/leads', { name: 'Smith, "Jo"', email: 'jo@example.com', source: 'facebook' });
  await w.client.request('PATCH', `/api/leads/${tricky.data.id}`, { json: { notes: 'line one\nline two', value: 250050 } });
  await w.client.post('/api/leads', { name: '=HYPERLINK("http://evil.example","click")', source: 'manual' });
  await w.client.post('/api/leads', { name: '@everyone', source: 'manual' });
  await w.client.post('/api/leads', { name: '+1-555', source: 'manual' });

  const res = await w.client.get('/api/leads/export.csv');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
  const body = res.text.replace(/^\uFEFF/, '');
  const [header, ...records] = body.split(/\r\n(?=[0-9a-f]{8}-|$)/).filter(Boolean);
  expect(header).toBe('id,name,email,social_handle,source,status,score,value_usd,notes,created_at,updated_at');
  expect(records).toHaveLength(4);
  // Newest first, as on the page.
  expect(records[0]).toMatch(/^[0-9a-f-]{36},'\+1-555,,,manual,new,0,0\.00,,/);
  expect(records[1]).toMatch(/^[0-9a-f-]{36},'@everyone,/);
  expect(records[2]).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
  expect(records[3]).toContain(`,"Smith, ""Jo""",jo@example.com,,facebook,new,0,2500.50,"line one\nline two",`);

  const filtered = await w.client.get('/api/leads/export.csv?source=facebook');
  // Header + one record; the LF inside its quoted notes does not end the record (records end in CRLF).
  const lines = filtered.text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('"line one\nline two"');
  expect((await w.client.get('/api/leads/export.csv?status=bogus')).status).toBe(400);
});
