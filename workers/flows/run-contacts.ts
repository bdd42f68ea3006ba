import type pg from 'pg';
import { z } from 'zod';
import type { Command, RunContact } from '../../workflows/advance';
import type { RunRow } from './run-driver';

/** A tag/field command, in the caller's transaction (recorded with its step: exactly once). */
export async function updateContact(client: pg.PoolClient, contactId: string, c: Extract<Command, { type: 'updateContact' }>) {
  await client.query(
    `update contacts set
       tags = (select coalesce(array_agg(distinct t order by t), '{}') from unnest(tags || $2::text[]) t where t <> all($3::text[])),
       custom_fields = custom_fields || $4::jsonb
     where id = $1`,
    [contactId, c.addTags ?? [], c.removeTags ?? [], JSON.stringify(c.setFields ?? {})],
  );
}

const contactRow = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  tags: z.array(z.string()),
  custom_fields: z.record(z.string(), z.unknown()),
  last_message: z.string().nullable(),
});

/** Contacts as the interpreter sees them: tags, fields and their latest message (or the triggering comment). */
export async function loadContacts(client: pg.PoolClient, runs: RunRow[]): Promise<Map<string, RunContact>> {
  const { rows } = await client.query(
    `select c.id, c.name, c.username, c.tags, c.custom_fields,
            (select m.content from conversations cv join messages m on m.conversation_id = cv.id
             where cv.account_id = c.account_id and cv.contact_id = c.id and m.direction = 'inbound'
             order by m.created_at desc limit 1) as last_message
     from contacts c where c.id = any($1::uuid[])`,
    [[...new Set(runs.map((r) => r.contact_id))]],
  );
  const byId = new Map(z.array(contactRow).parse(rows).map((r) => [r.id, r]));
  const out = new Map<string, RunContact>();
  for (const run of runs) {
    const row = byId.get(run.contact_id);
    if (!row) throw new Error(`contact ${run.contact_id} of run ${run.id} not found`);
    const lastMessage = run.trigger.type === 'comment' && run.trigger.text !== null && row.last_message === null ? run.trigger.text : row.last_message;
    out.set(run.id, { name: row.name, username: row.username, tags: row.tags, fields: row.custom_fields, lastMessage });
  }
  return out;
}

export async function loadContact(client: pg.PoolClient, run: RunRow): Promise<RunContact> {
  return (await loadContacts(client, [run])).get(run.id)!;
}
