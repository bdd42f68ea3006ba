import type pg from 'pg';
import { z } from 'zod';

type Db = Pick<pg.PoolClient, 'query'>;

const contactRow = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  tags: z.array(z.string()),
  custom_fields: z.record(z.string(), z.unknown()),
  last_message: z.string().nullable(),
});
export type RunContactRow = z.infer<typeof contactRow>;

/** The columns readRunContacts reads, of contacts aliased `c`, named `<prefix><column>` (run-row.ts reads them with its run). */
export function contactColumns(c: string, prefix: string): string {
  return `${c}.id as ${prefix}id, ${c}.name as ${prefix}name, ${c}.username as ${prefix}username, ${c}.tags as ${prefix}tags,
          ${c}.custom_fields as ${prefix}custom_fields,
          (select m.content from conversations cv join messages m on m.conversation_id = cv.id
           where cv.account_id = ${c}.account_id and cv.contact_id = ${c}.id and m.direction = 'inbound'
           order by m.created_at desc limit 1) as ${prefix}last_message`;
}

/** The contact of a row read with contactColumns(…, prefix). */
export function contactRowOf(row: Record<string, unknown>, prefix: string): RunContactRow {
  return contactRow.parse({
    id: row[`${prefix}id`],
    name: row[`${prefix}name`],
    username: row[`${prefix}username`],
    tags: row[`${prefix}tags`],
    custom_fields: row[`${prefix}custom_fields`],
    last_message: row[`${prefix}last_message`],
  });
}

/** Contacts with their tags, fields and latest inbound message, by id. */
export async function readRunContacts(db: Db, contactIds: string[]): Promise<Map<string, RunContactRow>> {
  const { rows } = await db.query(`select ${contactColumns('c', '')} from contacts c where c.id = any($1::uuid[])`, [[...new Set(contactIds)]]);
  return new Map(
    z
      .array(contactRow)
      .parse(rows)
      .map((r) => [r.id, r]),
  );
}
