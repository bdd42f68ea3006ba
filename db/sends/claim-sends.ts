import type pg from 'pg';

/**
 * The claim half of the at-most-once send (ADR 0006, 0021, 0022; the protocol is
 * activities/sends/at-most-once.ts): `sending` committed, with this process as owner and a lease,
 * before any call leaves. From that commit on, a crash means "maybe delivered".
 */

/** What a claim writes on a row: who claims it, and for how long before it counts as dead. */
export interface ClaimLease {
  owner: string | null;
  leaseMs: number;
}

/**
 * `sending` on every row still as it was read, in ONE compare-and-set statement (its own commit):
 * queued, due, with the attempts read. Rows another transaction holds are skipped, never waited for.
 * Returns the ids this call claimed; the others are for the locked path (lockSendEntry).
 */
export async function claimQueuedSends(db: Pick<pg.Pool, 'query'>, rows: { id: string; attempts: number }[], lease: ClaimLease): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const won = await db.query<{ id: string }>({
    name: 'send-claim',
    text: `update outbound_ledger l set status = 'sending', attempts = l.attempts + 1, send_owner = $3,
             send_lease_until = clock_timestamp() + make_interval(secs => $4 / 1000.0)
           from (select o.id, t.attempts from unnest($1::uuid[], $2::int[]) as t(id, attempts)
                 join outbound_ledger o on o.id = t.id
                 where o.status = 'queued' and o.attempts = t.attempts and o.scheduled_for <= clock_timestamp()
                 order by o.id
                 for update of o skip locked) c
           where l.id = c.id and l.status = 'queued' and l.attempts = c.attempts
           returning l.id`,
    values: [rows.map((r) => r.id), rows.map((r) => r.attempts), lease.owner, lease.leaseMs],
  });
  return new Set(won.rows.map((r) => r.id));
}

/** `sending` on a row the caller's transaction has locked and checked (lockSendEntry): the locked path's claim. */
export async function claimLockedSend(client: Pick<pg.PoolClient, 'query'>, ledgerId: string, lease: ClaimLease): Promise<void> {
  await client.query(
    `update outbound_ledger set status = 'sending', attempts = attempts + 1, send_owner = $2,
       send_lease_until = clock_timestamp() + make_interval(secs => $3 / 1000.0)
     where id = $1`,
    [ledgerId, lease.owner, lease.leaseMs],
  );
}

/** Up to `limit` rows `sending` past their lease (or with none): their process died mid-call (ADR 0021). */
export async function expiredSends(db: Pick<pg.Pool, 'query'>, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from outbound_ledger
     where status = 'sending' and (send_lease_until is null or send_lease_until < clock_timestamp())
     limit $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}
