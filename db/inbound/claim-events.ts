import type pg from 'pg';
import { z } from 'zod';
import { activeCommentRulesJsonSql } from '../comment-rules/active-rules';
import { activeTriggersJsonSql } from '../flows/active-triggers';

/**
 * The claim of the inbound pipeline (ADR 0020): stored events, locked for the caller's transaction,
 * each with — in the same round trip — the active account its payload names and that account's
 * comment rules and its workspace's flow triggers (ADR 0017): what the event will be matched
 * against, read once instead of once each later. The pipeline (workers/inbound/resolve-event.ts)
 * still decides which account the event is for: the row's account is used only if it is that one.
 * The account's workspace comes with it, for whether it is suspended (ADR 0042): no extra statement.
 */
export const claimedEventRow = z.object({
  id: z.string(),
  provider: z.string(),
  workspace_id: z.string().nullable(),
  payload: z.unknown(),
  processed_at: z.date().nullable(),
  a_id: z.string().nullable(),
  a_workspace_id: z.string().nullable(),
  a_platform: z.string().nullable(),
  a_provider: z.string().nullable(),
  a_username: z.string().nullable(),
  /** The account's workspace is suspended by the instance operator (ADR 0042): stored, never answered. Read by this same statement. */
  a_suspended: z.boolean().nullable(),
  /** The account's active comment rules (activeCommentRulesJsonSql), null without an account. */
  a_rules: z.unknown(),
  /** Its workspace's active flow triggers (activeTriggersJsonSql), null without an account. */
  a_triggers: z.unknown(),
  /** The account's comment moderation settings (contracts/comment-moderation.ts, ADR 0052): a column of the row already read. */
  a_moderation: z.unknown(),
});
export type ClaimedEvent = z.infer<typeof claimedEventRow>;

const EVENT_WITH_ACCOUNT_SQL = `select e.id::text, e.provider, e.workspace_id, e.payload, e.processed_at,
              a.id as a_id, a.workspace_id as a_workspace_id, a.platform as a_platform, a.provider as a_provider, a.username as a_username,
              w.suspended_at is not null as a_suspended, a.comment_moderation as a_moderation,
              case when a.id is not null then ${activeCommentRulesJsonSql('a.workspace_id', 'a.platform')} end as a_rules,
              case when a.id is not null then ${activeTriggersJsonSql('a.workspace_id')} end as a_triggers
       from inbound_events e
       left join social_accounts a on a.is_active and a.id = case when e.payload->>'accountId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                                          then (e.payload->>'accountId')::uuid end
       left join workspaces w on w.id = a.workspace_id`;

/**
 * A shard's unprocessed events, oldest first, at most `size`, skipping those another transaction
 * holds (an `{eventId}` job, another batch) and those that failed `maxAttempts` times. Named
 * (prepared once per connection), as the pipeline's other hot statements are.
 */
export async function claimShardEvents(client: Pick<pg.PoolClient, 'query'>, shard: number, size: number, maxAttempts: number): Promise<ClaimedEvent[]> {
  const { rows } = await client.query({
    name: 'inbound-batch',
    text: `${EVENT_WITH_ACCOUNT_SQL}
       where e.shard = $1 and e.processed_at is null and e.attempts < $3
       order by e.id limit $2
       for update of e skip locked`,
    values: [shard, size, maxAttempts],
  });
  return rows.map((r) => claimedEventRow.parse(r));
}

/** One event by id, waiting for its lock; processed or not (the caller skips a processed one). */
export async function claimEvent(client: Pick<pg.PoolClient, 'query'>, eventId: string): Promise<ClaimedEvent[]> {
  const { rows } = await client.query({ name: 'inbound-event', text: `${EVENT_WITH_ACCOUNT_SQL} where e.id = $1 for update of e`, values: [eventId] });
  return rows.map((r) => claimedEventRow.parse(r));
}

/** An active account by id, when the event names another account than the one its claim brought. */
export async function readActiveAccount(db: Pick<pg.PoolClient, 'query'>, accountId: string): Promise<unknown> {
  const { rows } = await db.query(
    `select a.id, a.workspace_id, a.platform, a.provider, a.username, w.suspended_at is not null as suspended
     from social_accounts a join workspaces w on w.id = a.workspace_id where a.id = $1 and a.is_active`,
    [accountId],
  );
  return rows[0];
}
