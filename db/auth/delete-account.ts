import type pg from 'pg';
import { z } from 'zod';
import { jobSpecRow } from '../jobs/job-spec';
import { endUserSessions } from '../sessions/end-sessions';
import { withTransaction } from '../transaction';

/**
 * Deletes the user and, when they are its only member (today always: a workspace is created with
 * its user), the workspace — every tenant table references workspaces ON DELETE CASCADE
 * (db/schema/columns.ts), so its accounts, conversations, flows, runs, ledger… go with it. One
 * transaction, which also ends all of the user's sessions (their /ws sockets close on commit) and
 * queues `accounts.release` for the connected Facebook Pages and X accounts going with it (their
 * webhooks unsubscribed, their tokens revoked once the data is gone). The email goes too from the
 * rows that hold it outside the workspace: newsletter subscriptions, the dev outbox, and rate-limit
 * counters keyed by the user id or the account's key (the hash of the email, api/http/rate-limit.ts).
 */
export async function deleteAccount(pool: pg.Pool, who: { userId: string; workspaceId: string; email: string; accountKey: string }): Promise<void> {
  const { userId, workspaceId, email, accountKey } = who;
  await withTransaction(pool, async (client) => {
    // Lock the workspace row: a second member cannot be added halfway through.
    await client.query('select id from workspaces where id = $1 for update', [workspaceId]);
    const { rows } = await client.query('select count(*)::int as n from users where workspace_id = $1 and id <> $2', [workspaceId, userId]);
    const others = z.object({ n: z.number() }).parse(rows[0]).n;
    await endUserSessions(client, userId);
    await client.query('delete from newsletter_subscriptions where lower(email) = lower($1)', [email]);
    await client.query('delete from dev_outbox where lower(to_address) = lower($1)', [email]);
    await client.query('delete from rate_limit_hits where strpos(key, $1) > 0 or strpos(key, $2) > 0', [userId, accountKey]);
    if (others === 0) {
      await client.query(
        `select graphile_worker.add_jobs(array[${jobSpecRow('accounts.release', { payload: "json_build_object('accounts', accounts)" })}])
           from (select json_agg(json_build_object(
                          'platform', platform, 'externalId', external_id, 'name', display_name,
                          'tokenEnc', coalesce(refresh_token_enc, access_token_enc),
                          'tokenKind', case when refresh_token_enc is not null then 'refresh_token' else 'access_token' end)) as accounts
                   from social_accounts
                  where workspace_id = $1 and is_active and access_token_enc is not null
                    and ((provider = 'meta' and platform = 'facebook') or provider = 'x')) a
          where accounts is not null`,
        [workspaceId],
      );
      await client.query('delete from workspaces where id = $1', [workspaceId]);
    } else await client.query('delete from users where id = $1', [userId]);
  });
}
