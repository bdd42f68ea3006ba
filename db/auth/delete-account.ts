import type pg from 'pg';
import { z } from 'zod';
import { recordAudit } from '../audit/record-audit';
import { jobSpecRow } from '../jobs/job-spec';
import { endUserSessions } from '../sessions/end-sessions';
import { rollback, withTransaction } from '../transaction';

const membershipSchema = z.object({ workspace_id: z.string(), name: z.string(), role: z.string(), others: z.number(), other_owners: z.number() });

/** What deleteAccount did, or the workspaces that stop it: owned alone, with other members. */
export type DeleteAccountResult = { deleted: true; workspacesDeleted: number } | { deleted: false; ownedWithMembers: string[] };

/**
 * Deletes the user, in one transaction (docs/product-spec.md "Teams"):
 *  - every workspace they are the only member of goes with them: every tenant table references
 *    workspaces ON DELETE CASCADE (db/schema/columns.ts), so its accounts, conversations, flows,
 *    runs, ledger… go too, and `accounts.release` is queued for its connected Facebook Pages and X
 *    accounts (their webhooks unsubscribed, their tokens revoked once the data is gone);
 *  - of every other workspace they just leave (their membership goes with the user row), and its
 *    audit log says so;
 *  - refused, with nothing changed, while they are the only owner of a workspace that has other
 *    members: deleting them must not take the others' access or data, nor leave a workspace with no
 *    owner. They transfer its ownership first (Settings → Team).
 * All of the user's sessions end (their /ws sockets close on commit), and the email goes from the
 * rows that hold it outside any workspace: newsletter subscriptions, the dev outbox, and rate-limit
 * counters keyed by the user id or the account's key (the hash of the email, api/http/rate-limit.ts).
 * The workspaces are locked in id order, as every membership change locks them (db/team/members.ts),
 * so a member cannot join halfway through.
 */
export async function deleteAccount(pool: pg.Pool, who: { userId: string; email: string; accountKey: string }): Promise<DeleteAccountResult> {
  const { userId, email, accountKey } = who;
  return withTransaction(pool, async (client) => {
    await client.query('select 1 from workspaces where id in (select workspace_id from workspace_members where user_id = $1) order by id for update', [userId]);
    const { rows } = await client.query(
      `select m.workspace_id, w.name, m.role,
              (select count(*)::int from workspace_members o where o.workspace_id = m.workspace_id and o.user_id <> $1) as others,
              (select count(*)::int from workspace_members o where o.workspace_id = m.workspace_id and o.user_id <> $1 and o.role = 'owner') as other_owners
       from workspace_members m join workspaces w on w.id = m.workspace_id
       where m.user_id = $1 order by w.name`,
      [userId],
    );
    const memberships = z.array(membershipSchema).parse(rows);
    const blocked = memberships.filter((m) => m.others > 0 && m.role === 'owner' && m.other_owners === 0).map((m) => m.name);
    if (blocked.length > 0) return rollback({ deleted: false, ownedWithMembers: blocked } as const);
    const alone = memberships.filter((m) => m.others === 0).map((m) => m.workspace_id);
    for (const m of memberships.filter((x) => x.others > 0)) {
      await recordAudit(client, { workspaceId: m.workspace_id, userId }, { action: 'member.account_deleted', target: { type: 'member', id: userId } });
    }
    await endUserSessions(client, userId);
    await client.query('delete from newsletter_subscriptions where lower(email) = lower($1)', [email]);
    await client.query('delete from dev_outbox where lower(to_address) = lower($1)', [email]);
    await client.query('delete from rate_limit_hits where strpos(key, $1) > 0 or strpos(key, $2) > 0', [userId, accountKey]);
    await deleteWorkspaces(client, alone);
    await client.query('delete from users where id = $1', [userId]);
    return { deleted: true, workspacesDeleted: alone.length } as const;
  });
}

/**
 * Deletes workspaces and everything in them (every tenant table references workspaces ON DELETE
 * CASCADE, db/schema/columns.ts), in the caller's transaction, after queueing `accounts.release` for
 * their connected Facebook Pages and X accounts (webhooks unsubscribed, tokens revoked once the data
 * is gone). Used by account deletion and by the admin console (db/admin/delete-workspace.ts).
 */
export async function deleteWorkspaces(client: Pick<pg.PoolClient, 'query'>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query(
    `select graphile_worker.add_jobs(array[${jobSpecRow('accounts.release', { payload: "json_build_object('accounts', accounts)" })}])
       from (select json_agg(json_build_object(
                      'platform', platform, 'externalId', external_id, 'name', display_name,
                      'tokenEnc', coalesce(refresh_token_enc, access_token_enc),
                      'tokenKind', case when refresh_token_enc is not null then 'refresh_token' else 'access_token' end)) as accounts
               from social_accounts
              where workspace_id = any($1::uuid[]) and is_active and access_token_enc is not null
                and ((provider = 'meta' and platform = 'facebook') or provider = 'x')) a
      where accounts is not null`,
    [ids],
  );
  await client.query('delete from workspaces where id = any($1::uuid[])', [ids]);
}
