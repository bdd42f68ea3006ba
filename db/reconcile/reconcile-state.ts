import type pg from 'pg';
import { z } from 'zod';

const accountRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  provider: z.enum(['meta', 'x', 'sandbox']),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  external_id: z.string(),
  /** An Instagram account's linked Page (Facebook Login path): its conversations are listed through it. */
  linked_external_id: z.string().nullable(),
  access_token_enc: z.string().nullable(),
  is_active: z.boolean(),
  status: z.enum(['active', 'needs_reconnect']),
  profile: z.unknown(),
});
export type ReconcileAccountRow = z.infer<typeof accountRow>;

export async function findReconcileAccount(db: pg.Pool, accountId: string): Promise<ReconcileAccountRow | null> {
  const { rows } = await db.query(
    'select id, workspace_id, provider, platform, external_id, linked_external_id, access_token_enc, is_active, status, profile from social_accounts where id = $1',
    [accountId],
  );
  return rows[0] ? accountRow.parse(rows[0]) : null;
}

const started = z.object({ started_at: z.date(), since: z.date() }).transform((r) => ({ startedAt: r.started_at, since: r.since }));

/**
 * Marks a run started and answers its cursor (ADR 0014): where the last complete run started, or
 * for an account never reconciled the last comment or DM we stored for it (or when it was connected);
 * minus `overlapMinutes` (comments Meta was still indexing), never further back than `maxLookbackDays`.
 */
export async function startReconciliation(
  db: pg.Pool,
  account: { id: string; workspaceId: string },
  opts: { overlapMinutes: number; maxLookbackDays: number },
): Promise<{ startedAt: Date; since: Date }> {
  const { rows } = await db.query(
    `with up as (
       insert into account_reconciliations (account_id, workspace_id, last_started_at) values ($1, $2, now())
       on conflict (account_id) do update set last_started_at = now()
       returning reconciled_through
     )
     select now() as started_at,
       greatest(
         coalesce(
           (select reconciled_through from up),
           greatest(
             (select max(commented_at) from comments where account_id = $1),
             (select max(created_at) from messages where account_id = $1 and direction = 'inbound')
           ),
           (select connected_at from social_accounts where id = $1)
         ) - make_interval(mins => $3::int),
         now() - make_interval(days => $4::int)
       ) as since`,
    [account.id, account.workspaceId, opts.overlapMinutes, opts.maxLookbackDays],
  );
  return started.parse(rows[0]);
}

/** A run that read everything: the cursor moves to when it started, and what it recovered is counted. */
export async function finishReconciliation(db: pg.Pool, accountId: string, startedAt: Date, recovered: number): Promise<void> {
  await db.query(
    `update account_reconciliations set reconciled_through = $2, last_finished_at = now(), last_recovered = $3,
       total_recovered = total_recovered + $3, last_error = null
     where account_id = $1`,
    [accountId, startedAt, recovered],
  );
}

/** A run that stopped early (throttled, token, network): the cursor stays, what it did recover still counts. */
export async function failReconciliation(db: pg.Pool, accountId: string, error: string, recovered: number): Promise<void> {
  await db.query('update account_reconciliations set last_error = $2, total_recovered = total_recovered + $3 where account_id = $1', [
    accountId,
    error.slice(0, 500),
    recovered,
  ]);
}
