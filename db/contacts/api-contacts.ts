import type pg from 'pg';
import { contactTaggedEvents } from './tag-events';
import { z } from 'zod';
import type { Contact, ListContactsQuery, UpdateContactBody } from '../../contracts/api-v1';
import { platformSchema } from '../../contracts/platforms';
import { cursorTs, encodeCursor, type Cursor } from '../pagination/keyset-cursor';

type Db = Pick<pg.Pool, 'query'>;

const columns = `c.id, c.account_id, a.platform, c.external_user_id, c.name, c.username, c.tags, c.custom_fields,
  c.opted_out_at is not null as opted_out, c.last_inbound_at, c.created_at, ${cursorTs('c.created_at')} as cursor_ts`;
const from = 'contacts c join social_accounts a on a.id = c.account_id';

const row = z.object({
  id: z.string(),
  account_id: z.string(),
  platform: platformSchema,
  external_user_id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  tags: z.array(z.string()),
  custom_fields: z.record(z.string(), z.unknown()),
  opted_out: z.boolean(),
  last_inbound_at: z.date().nullable(),
  created_at: z.date(),
  cursor_ts: z.string(),
});

function toContact(r: z.infer<typeof row>): Contact {
  return {
    id: r.id,
    accountId: r.account_id,
    platform: r.platform,
    externalUserId: r.external_user_id,
    name: r.name,
    username: r.username,
    tags: r.tags,
    customFields: r.custom_fields,
    optedOut: r.opted_out,
    lastInboundAt: r.last_inbound_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

/** Escapes LIKE's wildcards so a search for "50%" means the characters. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The public API's contact list, newest first, by keyset (created_at, id): the same cost at any
 * depth (unique index contacts_workspace_key). `q` matches name or handle; `tag` filters by tag.
 */
export async function listApiContacts(
  db: Db,
  workspaceId: string,
  q: Omit<ListContactsQuery, 'cursor'> & { cursor?: Cursor | undefined },
): Promise<{ data: Contact[]; nextCursor: string | null }> {
  const params: unknown[] = [workspaceId];
  const where = ['c.workspace_id = $1'];
  if (q.q) {
    params.push(`%${likeEscape(q.q)}%`);
    // The trigram index's own expression (contacts_name_trgm_idx), so a search does not scan.
    where.push(`(c.name || ' ' || coalesce(c.username, '')) ilike $${params.length}`);
  }
  if (q.tag) {
    params.push([q.tag]);
    where.push(`c.tags @> $${params.length}::text[]`);
  }
  if (q.cursor) {
    params.push(q.cursor.ts, q.cursor.id);
    where.push(`(c.created_at, c.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(q.limit + 1);
  const { rows } = await db.query(
    `select ${columns} from ${from} where ${where.join(' and ')} order by c.created_at desc, c.id desc limit $${params.length}`,
    params,
  );
  const parsed = z.array(row).parse(rows);
  const page = parsed.slice(0, q.limit);
  const last = page[page.length - 1];
  return { data: page.map(toContact), nextCursor: parsed.length > q.limit && last ? encodeCursor(last.cursor_ts, last.id) : null };
}

export async function getApiContact(db: Db, workspaceId: string, id: string): Promise<Contact | undefined> {
  const { rows } = await db.query(`select ${columns} from ${from} where c.workspace_id = $1 and c.id = $2`, [workspaceId, id]);
  return rows[0] ? toContact(row.parse(rows[0])) : undefined;
}

const taggedEvents = contactTaggedEvents('changed');

/** Applies a PATCH in one statement; undefined for another workspace's (or no) contact. */
export async function updateApiContact(db: Db, workspaceId: string, id: string, b: UpdateContactBody): Promise<Contact | undefined> {
  const set = Object.fromEntries(Object.entries(b.customFields ?? {}).filter(([, v]) => v !== null));
  const unset = Object.entries(b.customFields ?? {})
    .filter(([, v]) => v === null)
    .map(([k]) => k);
  // The contact.tagged event (tag-events.ts) rides in the same statement.
  const { rows } = await db.query(
    `with before as (select id, tags from contacts where workspace_id = $1 and id = $2),
     changed as (update contacts c set
       name = coalesce($3, c.name),
       custom_fields = (c.custom_fields - $5::text[]) || $4::jsonb,
       tags = case when $6::text[] is not null then (select coalesce(array_agg(distinct t order by t), '{}') from unnest($6::text[]) t)
                   else (select coalesce(array_agg(distinct t order by t), '{}') from unnest(c.tags || $7::text[]) t where t <> all($8::text[])) end
     from before b where c.id = b.id
     returning c.id, c.workspace_id, c.tags, b.tags as old_tags),
     ${taggedEvents.ctes}
     select (select count(*) from changed)::int as n, ${taggedEvents.woke} as woke`,
    [workspaceId, id, b.name ?? null, JSON.stringify(set), unset, b.tags ?? null, b.addTags ?? [], b.removeTags ?? []],
  );
  return (rows[0] as { n: number }).n ? getApiContact(db, workspaceId, id) : undefined;
}

/** Every tag in use in the workspace, with how many contacts carry it. */
export async function listTags(db: Db, workspaceId: string): Promise<{ name: string; contacts: number }[]> {
  const { rows } = await db.query(
    `select t as name, count(*)::int as contacts from contacts c, unnest(c.tags) t where c.workspace_id = $1 group by t order by t`,
    [workspaceId],
  );
  return z.array(z.object({ name: z.string(), contacts: z.number() })).parse(rows);
}
