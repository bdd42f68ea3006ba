import type pg from 'pg';

/** Unresolved failed sends of one account in the last 24 hours that raise a bell notification. */
export const FAILED_SENDS_NOTIFY_THRESHOLD = 5;

/**
 * After a send is marked failed (in that transaction): when the account's undismissed failures of the
 * last 24 hours reach the threshold, every member of the workspace gets one notification per account
 * per day (the key dedupes), linking to the Failed sends page.
 */
export async function notifyFailedSendsThreshold(
  db: Pick<pg.PoolClient, 'query'>,
  workspaceId: string,
  accountId: string,
  accountLabel: string,
): Promise<void> {
  const { rows } = await db.query<{ n: number; day: string }>(
    `select count(*)::int as n, to_char(now() at time zone 'utc', 'YYYY-MM-DD') as day from outbound_ledger
     where account_id = $1 and status = 'failed' and dismissed_at is null and created_at > now() - interval '24 hours'
       and not exists (select 1 from outbound_ledger r where r.retry_of = outbound_ledger.id)`,
    [accountId],
  );
  const n = rows[0]?.n ?? 0;
  if (n < FAILED_SENDS_NOTIFY_THRESHOLD) return;
  await db.query(
    `insert into notifications (workspace_id, user_id, kind, key, title, body, link)
     select $1, m.user_id, 'failed_sends', $2, $3, $4, '/failed-sends' from workspace_members m where m.workspace_id = $1
     on conflict (user_id, key) do nothing`,
    [
      workspaceId,
      `failed-sends:${accountId}:${rows[0]!.day}`,
      `Sends are failing on ${accountLabel}`,
      `${n} messages from ${accountLabel} were not delivered in the last 24 hours. Open Failed sends to see why, retry or dismiss them.`,
    ],
  );
}
