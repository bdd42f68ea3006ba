import { describe, expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';
import { csvFieldSql, exportLeadsCsv, leadsCsvHeader } from './export-leads';

const { pool } = await useTestPool();

describe('csvFieldSql (CSV fields are formatted by PostgreSQL)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555', "'+1 555"],
    ['-2', "'-2"],
    ['@handle', "'@handle"],
    ['\tindented', "'\tindented"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['back\\slash', 'back\\slash'],
    ['Zoë 🎉', 'Zoë 🎉'],
    ['', ''],
    [null, ''],
  ])('%j → %j', async (input, output) => {
    const { rows } = await pool.query<{ f: string }>(`select ${csvFieldSql('$1::text')} as f`, [input]);
    expect(rows[0]!.f).toBe(output);
  });
});

it('writes each lead as one CRLF-terminated record in the header’s order: value in dollars, times as UTC ISO 8601', async () => {
  const ws = (await pool.query<{ id: string }>(`insert into workspaces (name) values ('CSV') returning id`)).rows[0]!.id;
  await pool.query(
    `insert into leads (workspace_id, name, email, social_handle, source, status, score, value_cents, notes, created_at, updated_at)
     values ($1, 'Ann, Jr.', null, '@ann', 'manual', 'new', 18, 123456, '', '2026-01-01T00:00:00.123Z', '2026-01-02T10:20:30.999Z'),
            ($1, 'Bo', 'bo@example.com', null, 'instagram', 'converted', 0, 5, 'x', '2026-01-03T00:00:00Z', '2026-01-03T00:00:00Z')`,
    [ws],
  );
  const ids = (await pool.query<{ id: string }>(`select id from leads where workspace_id = $1 order by created_at desc`, [ws])).rows.map((r) => r.id);
  const batches: string[] = [];
  const n = await exportLeadsCsv(pool, ws, {}, (csv) => {
    batches.push(csv);
    return undefined;
  });
  expect(n).toBe(2);
  expect(leadsCsvHeader).toBe('id,name,email,social_handle,source,status,score,value_usd,notes,created_at,updated_at\r\n');
  expect(batches.join('')).toBe(
    `${ids[0]},Bo,bo@example.com,,instagram,converted,0,0.05,x,2026-01-03T00:00:00.000Z,2026-01-03T00:00:00.000Z\r\n` +
      `${ids[1]},"Ann, Jr.",,'@ann,manual,new,18,1234.56,,2026-01-01T00:00:00.123Z,2026-01-02T10:20:30.999Z\r\n`,
  );
});

it('hands the records over 200 at a time and fetches the next batch only once a slow writer is ready', async () => {
  const ws = (await pool.query<{ id: string }>(`insert into workspaces (name) values ('Many') returning id`)).rows[0]!.id;
  await pool.query(
    `insert into leads (workspace_id, name, created_at) select $1, 'Lead ' || g, now() - g * interval '1 minute' from generate_series(1, 450) g`,
    [ws],
  );
  const sizes: number[] = [];
  let pending = false;
  const n = await exportLeadsCsv(pool, ws, {}, (csv) => {
    expect(pending).toBe(false); // the previous batch's wait is over before the next arrives
    sizes.push(csv.split('\r\n').length - 1);
    pending = true;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        pending = false;
        resolve();
      }),
    );
  });
  expect(n).toBe(450);
  expect(sizes).toEqual([200, 200, 50]);
});
