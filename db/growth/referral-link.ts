import type pg from 'pg';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * The inbound DM stage's one read for a referral (workers/inbound/messages.ts): the growth link with
 * this ref on this account, and its tag added to the contact in the same statement, in the batch's
 * transaction. Null when no link has the ref (an ad's or someone else's ref: nothing of ours starts).
 */
export async function applyReferralLink(db: Db, accountId: string, contactId: string, ref: string): Promise<{ flowId: string; tag: string | null } | null> {
  const { rows } = await db.query<{ flow_id: string; tag: string | null }>(
    `with link as (select flow_id, tag from growth_links where account_id = $1 and ref = $2),
          tagged as (
            update contacts set tags = (select coalesce(array_agg(distinct t order by t), '{}') from unnest(tags || array[link.tag]) t)
              from link where contacts.id = $3 and link.tag is not null and not (link.tag = any(contacts.tags))
            returning contacts.id)
     select flow_id, tag from link`,
    [accountId, ref, contactId],
  );
  const row = rows[0];
  return row ? { flowId: row.flow_id, tag: row.tag } : null;
}
