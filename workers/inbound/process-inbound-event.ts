import type pg from 'pg';
import { z } from 'zod';
import { rollback, withTransaction, type Rollback } from '../../db/transaction';
import type { NormalizedEvent } from '../../contracts/inbound';
import { notifyWorkspace } from '../../db/pipeline/notify';
import { ensureConversation } from '../../db/pipeline/ensure-conversation';
import { recordActivity } from '../../db/pipeline/record-activity';
import { classifyIntent } from '../../workflows/classify-intent';
import { applyCommentRules } from './apply-comment-rules';
import { captureLead } from './capture-lead';
import { accountRow, type AccountRow } from './conversations';
import { MalformedEventError, normalizeEvent } from './normalize-event';
import { storeEcho } from './store-echo';
import { resumeWaitingRuns } from '../../db/flows/runs';
import { matchingTriggers, startTriggeredRuns } from '../flows/triggers';
import type { SendLimits } from '../../db/pipeline/send-limits';
import { noLinkBase, type LinkBase } from './apply-comment-rules';

const eventRow = z.object({
  id: z.string(),
  provider: z.string(),
  workspace_id: z.string().nullable(),
  payload: z.unknown(),
  processed_at: z.date().nullable(),
});

/** Meta's private-reply window (docs/platform-apis.md §2.3). */
const PRIVATE_REPLY_WINDOW_DAYS = 7;
/** Meta's standard messaging window: an automated reply only within 24 hours of the person's message (§2.1). */
const MESSAGING_WINDOW_HOURS = 24;

export type ProcessOutcome = 'processed' | 'already-processed' | 'malformed' | 'missing';

/**
 * Turns one stored inbound event into contacts, conversations, messages and comments and runs its
 * triggers — all in ONE transaction with marking it processed, so a crash anywhere redoes the whole
 * event and a finished event is never redone (ARCHITECTURE.md#inbound-pipeline step 2).
 */
export async function processInboundEvent(pool: pg.Pool, eventId: string, limits: SendLimits, links: LinkBase = noLinkBase): Promise<ProcessOutcome> {
  return withTransaction(pool, async (client): Promise<ProcessOutcome | Rollback<ProcessOutcome>> => {
    // The event and, in the same round trip, the active account its payload names (normalizeEvent
    // below still decides which account it is: the prefetched row is used only if it is that one).
    const found = await client.query(
      `select e.id::text, e.provider, e.workspace_id, e.payload, e.processed_at,
              a.id as a_id, a.workspace_id as a_workspace_id, a.platform as a_platform, a.provider as a_provider, a.username as a_username
       from inbound_events e
       left join social_accounts a on a.is_active and a.id = case when e.payload->>'accountId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                                          then (e.payload->>'accountId')::uuid end
       where e.id = $1
       for update of e`,
      [eventId],
    );
    if (found.rowCount === 0) return rollback('missing');
    const event = eventRow.parse(found.rows[0]);
    if (event.processed_at) return rollback('already-processed');

    let normalized: NormalizedEvent;
    let account: AccountRow;
    try {
      normalized = normalizeEvent(event.provider, event.payload);
      const pre = found.rows[0] as Record<string, unknown>;
      const acc =
        pre.a_id === normalized.accountId
          ? [{ id: pre.a_id, workspace_id: pre.a_workspace_id, platform: pre.a_platform, provider: pre.a_provider, username: pre.a_username }]
          : (
              await client.query('select id, workspace_id, platform, provider, username from social_accounts where id = $1 and is_active', [
                normalized.accountId,
              ])
            ).rows;
      if (acc.length === 0) throw new MalformedEventError(`Unknown or inactive account ${normalized.accountId}`);
      account = accountRow.parse(acc[0]);
      // A sandbox event names its workspace at ingest; it must match the account's (no cross-tenant writes).
      if (event.workspace_id && event.workspace_id !== account.workspace_id) {
        throw new MalformedEventError('Event workspace does not own the account');
      }
    } catch (err) {
      if (!(err instanceof MalformedEventError)) throw err;
      // Stored with its error and visible; never retried, never blocks other events.
      await client.query('update inbound_events set processed_at = now(), attempts = attempts + 1, error = $2 where id = $1', [eventId, err.message]);
      return 'malformed';
    }

    if (normalized.kind === 'echo') {
      // The account's own outgoing message: stored as outbound, never a trigger.
      await storeEcho(client, account, normalized);
    } else {
      const contactId = await upsertContact(client, account, normalized);
      if (normalized.kind === 'message') {
        await storeInboundMessage(client, account, contactId, normalized);
      } else {
        await storeComment(client, account, contactId, normalized, limits, links);
      }
    }
    await client.query('update inbound_events set processed_at = now(), attempts = attempts + 1, error = null, workspace_id = $2 where id = $1', [
      eventId,
      account.workspace_id,
    ]);
    return 'processed';
  });
}

async function upsertContact(client: pg.PoolClient, account: AccountRow, e: Exclude<NormalizedEvent, { kind: 'echo' }>): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into contacts (workspace_id, account_id, external_user_id, name, username, last_inbound_at)
     values ($1, $2, $3, $4, $5, case when $6 then $7::timestamptz end)
     on conflict (account_id, external_user_id) do update set
       name = coalesce(nullif(excluded.name, ''), contacts.name),
       username = coalesce(excluded.username, contacts.username),
       last_inbound_at = greatest(contacts.last_inbound_at, excluded.last_inbound_at)
     returning id`,
    [account.workspace_id, account.id, e.from.id, e.from.name, e.from.username, e.kind === 'message', e.createdAt],
  );
  return rows[0]!.id;
}

async function storeInboundMessage(client: pg.PoolClient, account: AccountRow, contactId: string, e: Extract<NormalizedEvent, { kind: 'message' }>) {
  const conversationId = await ensureConversation(client, {
    workspaceId: account.workspace_id,
    accountId: account.id,
    platform: account.platform,
    contactId,
    externalUserId: e.from.id,
    name: e.from.name,
    username: e.from.username,
  });
  const inserted = await client.query<{ id: string; age_hours: number }>(
    `insert into messages (workspace_id, conversation_id, account_id, platform_message_id, content, direction, status, source, created_at)
     values ($1, $2, $3, $4, $5, 'inbound', 'sent', 'contact', $6)
     on conflict (account_id, platform_message_id) do nothing
     returning id, extract(epoch from now() - created_at)::float8 / 3600 as age_hours`,
    [account.workspace_id, conversationId, account.id, e.messageId, e.text, e.createdAt],
  );
  const messageId = inserted.rows[0]?.id;
  if (!messageId) return; // the same message delivered twice: one row
  const ageHours = inserted.rows[0]!.age_hours;
  await client.query(
    `update conversations set last_message = $2, last_message_time = greatest(last_message_time, $3::timestamptz),
       unread_count = unread_count + 1, status = case when status = 'closed' then 'open' else status end, updated_at = now()
     where id = $1`,
    [conversationId, e.text, e.createdAt],
  );
  const intent = classifyIntent(e.text);
  await recordActivity(client, account.workspace_id, 'dm_received', `New ${account.platform} DM from ${e.from.name || e.from.id}`, intent);
  await captureLead(client, account, contactId, e, { intent, ruleFired: false, conversationId });
  await notifyWorkspace(client, account.workspace_id, { type: 'message.created', conversationId, messageId });
  // A DM found late by reconciliation (ADR 0014) more than 24 hours after it was sent: no automated
  // reply may answer it any more (docs/platform-apis.md §2.1), so it is recorded (inbox, where a person
  // may still answer within 7 days) and neither resumes nor starts flows; the activity feed says so.
  if (account.provider === 'meta' && ageHours > MESSAGING_WINDOW_HOURS) {
    await recordActivity(
      client,
      account.workspace_id,
      'dm_outside_messaging_window',
      `DM from ${e.from.name || e.from.username || e.from.id} recorded but not answered by flows: it is ${Math.floor(ageHours)} hours old, and Meta allows automated replies only within 24 hours`,
      'general',
    );
    return;
  }
  // Triggers in order (ARCHITECTURE.md#inbound-pipeline): runs waiting for this contact's reply take it; otherwise keyword flows.
  // A story mention is not an answer to a question the flow asked, so it only starts story-mention flows.
  const resumed = e.storyMention ? [] : await resumeWaitingRuns(client, account.id, contactId, e.text);
  if (resumed.length === 0) {
    await startTriggeredRuns(client, account, contactId, {
      kind: 'message',
      storyReply: e.storyReply === true,
      storyMention: e.storyMention === true,
      text: e.text,
      messageId: e.messageId,
    });
  }
}

async function storeComment(
  client: pg.PoolClient,
  account: AccountRow,
  contactId: string,
  e: Extract<NormalizedEvent, { kind: 'comment' }>,
  limits: SendLimits,
  links: LinkBase,
) {
  const inserted = await client.query<{ id: string; age_days: number }>(
    `insert into comments (workspace_id, account_id, contact_id, platform_comment_id, post_id, text, author_external_id, author_username, commented_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (account_id, platform_comment_id) do nothing
     returning id, extract(epoch from now() - commented_at)::float8 / 86400 as age_days`,
    [account.workspace_id, account.id, contactId, e.commentId, e.postId, e.text, e.from.id, e.from.username, e.createdAt],
  );
  const stored = inserted.rows[0];
  if (!stored) return; // already seen: its rules already ran
  // Meta allows a private reply only within 7 days of the comment (docs/platform-apis.md §2.3): an
  // older one (found late by reconciliation, ADR 0014) is recorded, and neither rules nor flows answer it.
  if (account.platform !== 'twitter' && stored.age_days > PRIVATE_REPLY_WINDOW_DAYS) {
    await recordActivity(
      client,
      account.workspace_id,
      'comment_outside_reply_window',
      `Comment from ${e.from.name || e.from.username || e.from.id} recorded but not answered: it is ${Math.floor(stored.age_days)} days old, and Meta allows a private reply only within 7 days`,
      'general',
    );
    return;
  }
  const repliedIn = await applyCommentRules(client, account, contactId, e, limits, links);
  await captureLead(client, account, contactId, e, { intent: classifyIntent(e.text), ruleFired: repliedIn !== null, conversationId: repliedIn });
  const event = { kind: 'comment' as const, text: e.text, commentId: e.commentId, postId: e.postId };
  if (repliedIn === null) {
    await startTriggeredRuns(client, account, contactId, event);
    return;
  }
  // A comment rule answered: it used the comment's one private reply, so the flows this comment
  // would start do not start (ARCHITECTURE.md#rules-and-flows); the activity feed says which.
  for (const { row } of await matchingTriggers(client, account, event)) {
    await recordActivity(
      client,
      account.workspace_id,
      'flow_skipped_rule_answered',
      `Flow "${row.flow_name}" not started for ${e.from.name || e.from.id}'s comment: a comment rule already answered it`,
      'general',
    );
  }
}
