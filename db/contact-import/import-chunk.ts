import type pg from 'pg';
import type { ImportMapping } from '../../contracts/contact-import';
import { mappingColumns, readImportRow, type ImportRow } from '../../contracts/contact-import-row';
import { withTransaction } from '../transaction';

/** A lead as the chunk will leave it: one already there (`id`) or a new one. */
interface Person {
  id: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  handle: string | null;
  contactId: string | null;
  tags: string[];
  customFields: Record<string, string>;
}

interface ImportState {
  id: string;
  workspace_id: string;
  status: string;
  mapping: ImportMapping;
  headers: string[];
  tags: string[];
  next_chunk: number;
  chunk_count: number;
}

export type ChunkOutcome = 'more' | 'done' | 'gone';

/**
 * Imports the import's next chunk in ONE transaction (ADR 0044): reads its rows, checks each
 * (contracts/contact-import-row.ts), matches each to a lead already there — by the contact its
 * platform id or handle names, then email, then handle — or to an earlier row of the file, fills
 * that lead's blanks and adds the tags, creates the rest, records the rejected rows, and advances
 * the cursor. The import row is locked first, so two workers never run the same chunk, and the
 * cursor commits with the chunk's writes: a crash anywhere re-runs the whole chunk or none of it.
 * Nothing here sends anything: an imported person is never messaged (docs/platform-apis.md §2.1).
 */
export async function importNextChunk(pool: pg.Pool, importId: string): Promise<ChunkOutcome> {
  return withTransaction(pool, async (client) => {
    const state = (
      await client.query<ImportState>(
        `select id, workspace_id, status, mapping, headers, tags, next_chunk, chunk_count from contact_imports where id = $1 for update`,
        [importId],
      )
    ).rows[0];
    if (!state) return 'gone';
    if (state.status === 'done' || state.status === 'failed') return 'done';
    if (state.next_chunk >= state.chunk_count) {
      await client.query(`update contact_imports set status = 'done', started_at = coalesce(started_at, now()), finished_at = now() where id = $1`, [importId]);
      return 'done';
    }
    const chunk = await client.query<{ rows: [number, string[]][] }>(`select rows from contact_import_chunks where import_id = $1 and seq = $2`, [
      importId,
      state.next_chunk,
    ]);
    const { columns } = mappingColumns(state.mapping, state.headers);
    const valid: ImportRow[] = [];
    const rejected: { line: number; reason: string; values: string[] }[] = [];
    for (const [line, values] of chunk.rows[0]?.rows ?? []) {
      const read = readImportRow(line, values, columns);
      if ('row' in read) valid.push(read.row);
      else rejected.push({ line, reason: `Line ${line}: ${read.reason}`, values });
    }
    const { created, updated } = await writePeople(client, state, valid);
    if (rejected.length > 0) {
      await client.query(
        `insert into contact_import_rejections (import_id, workspace_id, line, reason, values)
         select $1, $2, r.line, r.reason, array(select jsonb_array_elements_text(r.values))
           from jsonb_to_recordset($3::jsonb) as r(line int, reason text, values jsonb)`,
        [importId, state.workspace_id, JSON.stringify(rejected)],
      );
    }
    await client.query(
      `update contact_imports
          set next_chunk = next_chunk + 1, status = 'running', started_at = coalesce(started_at, now()),
              processed_rows = processed_rows + $2, created_count = created_count + $3,
              updated_count = updated_count + $4, rejected_count = rejected_count + $5
        where id = $1`,
      [importId, valid.length + rejected.length, created, updated, rejected.length],
    );
    return 'more';
  });
}

async function writePeople(client: pg.PoolClient, state: ImportState, rows: ImportRow[]): Promise<{ created: number; updated: number }> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const ws = state.workspace_id;
  const contactOf = await findContacts(client, ws, rows);
  const contactIds = [...new Set(rows.map((r) => contactOf(r)).filter((c): c is string => c !== null))];
  const emails = [...new Set(rows.map((r) => r.email).filter((e): e is string => e !== null))];
  const handles = [...new Set(rows.map((r) => r.handle?.toLowerCase()).filter((h): h is string => Boolean(h)))];
  // Locked: a lead edited meanwhile waits for this chunk, so filling its blanks never overwrites an edit.
  const existing = await client.query<{
    id: string;
    name: string;
    email: string | null;
    phone: string | null;
    social_handle: string | null;
    contact_id: string | null;
    tags: string[];
    custom_fields: Record<string, string>;
  }>(
    `select id, name, email, phone, social_handle, contact_id, tags, custom_fields from leads
      where workspace_id = $1 and (contact_id = any($2::uuid[]) or lower(email) = any($3::text[]) or lower(social_handle) = any($4::text[]))
      order by created_at, id
      for update`,
    [ws, contactIds, emails, handles],
  );
  const byContact = new Map<string, Person>();
  const byEmail = new Map<string, Person>();
  const byHandle = new Map<string, Person>();
  const register = (p: Person) => {
    if (p.contactId && !byContact.has(p.contactId)) byContact.set(p.contactId, p);
    if (p.email && !byEmail.has(p.email.toLowerCase())) byEmail.set(p.email.toLowerCase(), p);
    if (p.handle && !byHandle.has(p.handle.toLowerCase())) byHandle.set(p.handle.toLowerCase(), p);
  };
  for (const l of existing.rows) {
    register({
      id: l.id,
      name: l.name,
      email: l.email,
      phone: l.phone,
      handle: l.social_handle,
      contactId: l.contact_id,
      tags: l.tags,
      customFields: l.custom_fields,
    });
  }
  const touched = new Set<Person>();
  const fresh: Person[] = [];
  let created = 0;
  let updated = 0;
  for (const row of rows) {
    const contactId = contactOf(row);
    const match =
      (contactId && byContact.get(contactId)) || (row.email && byEmail.get(row.email)) || (row.handle && byHandle.get(row.handle.toLowerCase())) || null;
    if (!match) {
      const p: Person = {
        id: null,
        name: row.name,
        email: row.email,
        phone: row.phone,
        handle: row.handle,
        contactId,
        tags: [...state.tags],
        customFields: row.customFields,
      };
      fresh.push(p);
      register(p);
      created += 1;
      continue;
    }
    // Fill blanks only; a key another lead holds stays with that lead (the unique indexes agree).
    match.name ||= row.name;
    match.phone ??= row.phone;
    if (!match.email && row.email && !byEmail.has(row.email)) match.email = row.email;
    if (!match.handle && row.handle && !byHandle.has(row.handle.toLowerCase())) match.handle = row.handle;
    if (!match.contactId && contactId && !byContact.has(contactId)) match.contactId = contactId;
    match.customFields = { ...row.customFields, ...match.customFields };
    match.tags = [...new Set([...match.tags, ...state.tags])];
    register(match);
    if (match.id) touched.add(match);
    updated += 1;
  }
  const record = (p: Person) => ({
    id: p.id,
    name: p.name,
    email: p.email,
    phone: p.phone,
    social_handle: p.handle,
    contact_id: p.contactId,
    tags: p.tags,
    custom_fields: p.customFields,
  });
  const columns = `name text, email text, phone text, social_handle text, contact_id uuid, tags text[], custom_fields jsonb`;
  if (fresh.length > 0) {
    await client.query(
      `insert into leads (workspace_id, source, name, email, phone, social_handle, contact_id, tags, custom_fields)
       select $1, 'import', r.name, r.email, r.phone, r.social_handle, r.contact_id, coalesce(r.tags, '{}'), coalesce(r.custom_fields, '{}')
         from jsonb_to_recordset($2::jsonb) as r(${columns})`,
      [ws, JSON.stringify(fresh.map(record))],
    );
  }
  if (touched.size > 0) {
    await client.query(
      `update leads l
          set name = r.name, email = r.email, phone = r.phone, social_handle = r.social_handle, contact_id = r.contact_id,
              tags = r.tags, custom_fields = r.custom_fields, updated_at = now()
         from jsonb_to_recordset($2::jsonb) as r(id uuid, ${columns})
        where l.workspace_id = $1 and l.id = r.id`,
      [ws, JSON.stringify([...touched].map(record))],
    );
  }
  // The batch's tags on the contacts it names too, so a flow's tag condition sees them.
  if (state.tags.length > 0 && contactIds.length > 0) {
    await client.query(
      `update contacts set tags = array(select distinct t from unnest(tags || $3::text[]) as t)
        where workspace_id = $1 and id = any($2::uuid[]) and not tags @> $3::text[]`,
      [ws, contactIds, state.tags],
    );
  }
  return { created, updated };
}

/** The contact (of this workspace) each row names by platform id or handle, if we have one. */
async function findContacts(client: pg.PoolClient, workspaceId: string, rows: ImportRow[]): Promise<(row: ImportRow) => string | null> {
  const ids = rows.flatMap((r) => r.platformIds.map((p) => `${p.platform}:${p.id}`));
  const handles = rows.flatMap((r) => r.handles.map((h) => `${h.platform}:${h.handle}`));
  if (ids.length === 0 && handles.length === 0) return () => null;
  const found = await client.query<{ id: string; by_id: string; by_handle: string | null }>(
    `select c.id, a.platform || ':' || c.external_user_id as by_id, a.platform || ':' || lower(c.username) as by_handle
       from contacts c join social_accounts a on a.id = c.account_id
      where c.workspace_id = $1
        and (a.platform || ':' || c.external_user_id = any($2::text[]) or a.platform || ':' || lower(c.username) = any($3::text[]))`,
    [workspaceId, ids, handles],
  );
  const byId = new Map(found.rows.map((r) => [r.by_id, r.id]));
  const byHandle = new Map(found.rows.filter((r) => r.by_handle).map((r) => [r.by_handle!, r.id]));
  return (row) => {
    for (const p of row.platformIds) {
      const c = byId.get(`${p.platform}:${p.id}`);
      if (c) return c;
    }
    for (const h of row.handles) {
      const c = byHandle.get(`${h.platform}:${h.handle}`);
      if (c) return c;
    }
    return null;
  };
}
