import type pg from 'pg';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * Marks a contact opted out (now) or back in; true if this call changed it (a contact already in that
 * state is left as it was, its opt-out time kept). The inbound DM path's only write of it
 * (workers/inbound/opt-out.ts), in the batch's transaction.
 */
export async function setContactOptOut(db: Db, contactId: string, optedOut: boolean): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'contact-opt-out',
    text: `update contacts set opted_out_at = case when $2::boolean then now() end where id = $1 and (opted_out_at is not null) <> $2::boolean`,
    values: [contactId, optedOut],
  });
  return rowCount === 1;
}
