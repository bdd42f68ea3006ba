import type pg from 'pg';

/**
 * Does a run of this account wait for this contact's reply? Then the contact's next DM goes to it
 * before any keyword flow (db/flows/runs.ts resumeWaitingRuns, the same condition). For the
 * Simulator's forecast; `externalUserId` is the contact's id on the platform.
 */
export async function hasRunWaitingForReply(db: Pick<pg.Pool, 'query'>, accountId: string, externalUserId: string): Promise<boolean> {
  const { rows } = await db.query<{ waiting: boolean }>(
    `select exists (
       select 1 from flow_runs r join contacts c on c.id = r.contact_id
       where r.account_id = $1 and c.account_id = $1 and c.external_user_id = $2 and r.status = 'waiting' and r.pending_input is null
     ) as waiting`,
    [accountId, externalUserId],
  );
  return rows[0]?.waiting === true;
}
