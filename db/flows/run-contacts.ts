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

/** Contacts with their tags, fields and latest inbound message, by id. */
export async function readRunContacts(db: Db, contactIds: string[]): Promise<Map<string, RunContactRow>> {
  const { rows } = await db.query(
    `select c.id, c.name, c.username, c.tags, c.custom_fields,
            (select m.content from conversations cv join messages m on m.conversation_id = cv.id
             where cv.account_id = c.account_id and cv.contact_id = c.id and m.direction = 'inbound'
             order by m.created_at desc limit 1) as last_message
     from contacts c where c.id = any($1::uuid[])`,
    [[...new Set(contactIds)]],
  );
  return new Map(
    z
      .array(contactRow)
      .parse(rows)
      .map((r) => [r.id, r]),
  );
}
