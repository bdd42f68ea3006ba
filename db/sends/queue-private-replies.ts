import type pg from 'pg';
import { tuning } from '../../config/tuning';
import { platformSendLimit } from '../../contracts/inbound';
import { SENDS_DUE_TOGETHER_PRIORITY } from '../../contracts/jobs';
import { quietAddJobsCte, quietJobTaskCte } from '../jobs/graphile-internals';
import { EVENTS_CHANNEL, type Notice } from '../notify';
import type { SendLimit } from './reserve-send-slot';
import type { ConversationKey } from '../inbox/ensure-conversation';

type Db = Pick<pg.PoolClient, 'query'>;

/** One answered comment: its conversation's key (the contact as the platform knows them) and the reply. */
export interface BatchReply extends ConversationKey {
  commentId: string;
  ruleId: string;
  /** The rendered private reply (no link to track: those go through queueOutboundMessage). */
  text: string;
}

export interface QueuedReply {
  conversationId: string;
  /** null: the comment's private reply key was already taken; nothing was written for it. */
  ledgerId: string | null;
  /** Its send slot has come (not paced for later): with `handOff`, the caller hands it to the send pump after commit. */
  due: boolean;
}

export interface QueuedReplyBatch {
  replies: QueuedReply[];
  /** The hand-off's backstop jobs (ADR 0025), dropped once the hand-off took every row (dropJobsIfUnlocked). */
  backstopJobIds: string[];
  /** The /ws notices (message.created), for notifyAfterCommit once the caller's transaction committed (ADR 0029). */
  notices: Notice[];
  /** How many of the jobs added are due now: wake that many workers after the commit (none with handOff). */
  dueJobs: number;
}

/**
 * The private replies of a batch of comments that a rule answered, as queueOutboundMessage queues
 * each (source comment_rule, key `private_reply:<account>:<comment>`), in two statements: the
 * conversations (ensureConversation's upsert, one per account + contact), then the ledger rows —
 * each with its slot of the account's private-reply rate (the cell-rate upsert advanced once per
 * account by all its replies: reply k of n gets the slot the k-th single reservation would have) —
 * their queued messages, their `outbound.send {ledgerIds}` jobs (one per second of send slots, each listing its
 * rows: the send pump claims a job's due rows in one statement, ADR 0022), the conversations' last
 * message; the /ws notices come back for after the commit. A key already taken writes nothing for that reply (its slot is skipped: a gap in the pacing).
 * `handOff`: the caller hands the due replies to its send pump as soon as this transaction commits
 * (ADR 0025), so their job runs only `tuning.sends.handOffBackstopMs` later, as a backstop; its ids come back
 * (backstopJobIds) to be dropped once the hand-off took every row.
 */
export async function queuePrivateReplyBatch(db: Db, replies: BatchReply[], limit: SendLimit, opts: { handOff?: boolean } = {}): Promise<QueuedReplyBatch> {
  if (replies.length === 0) return { replies: [], backstopJobIds: [], notices: [], dueJobs: 0 };
  const people = new Map<string, BatchReply>();
  for (const r of replies) people.set(`${r.accountId}\u0000${r.contactId}`, r);
  const convs = [...people.values()];
  const conv = await db.query<{ id: string; account_id: string; contact_id: string }>({
    name: 'ensure-conversation-batch',
    text: `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, customer_username, external_user_id)
     select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[])
     on conflict (account_id, contact_id) do update set customer_name = coalesce(nullif(excluded.customer_name, ''), conversations.customer_name)
     returning id, account_id, contact_id`,
    values: [
      convs.map((c) => c.workspaceId),
      convs.map((c) => c.accountId),
      convs.map((c) => c.contactId),
      convs.map((c) => c.platform),
      convs.map((c) => c.name || c.username || c.externalUserId),
      convs.map((c) => c.username),
      convs.map((c) => c.externalUserId),
    ],
  });
  const convOf = new Map(conv.rows.map((r) => [`${r.account_id}\u0000${r.contact_id}`, r.id]));
  const conversationIds = replies.map((r) => {
    const id = convOf.get(`${r.accountId}\u0000${r.contactId}`);
    if (!id) throw new Error('queuePrivateReplyBatch: no conversation');
    return id;
  });
  const limits = replies.map((r) => platformSendLimit(r.platform, 'private_reply') ?? limit);
  const { rows } = await db.query<{
    n: string;
    ledger_id: string | null;
    due: boolean | null;
    backstop_jobs: string[] | null;
    due_jobs: number;
    notice: string | null;
  }>({
    name: 'queue-private-reply-batch',
    text: `with input as materialized (
       select t.*, gen_random_uuid() as message_id,
              row_number() over (partition by t.account_id order by t.n) as k,
              count(*) over (partition by t.account_id) as cnt
       from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::uuid[], $7::float8[], $8::int[])
         with ordinality as t(workspace_id, account_id, conversation_id, comment_id, text, rule_id, interval_ms, burst, n)
     ), slot as (
       insert into send_rate_limits (account_id, kind, tat)
       select account_id, 'private_reply', statement_timestamp() + make_interval(secs => max(interval_ms) * max(cnt) / 1000.0)
       from input group by account_id
       on conflict (account_id, kind) do update
         set tat = greatest(send_rate_limits.tat, clock_timestamp()) + (excluded.tat - statement_timestamp())
       returning account_id, tat
     ), slotted as (
       select i.*, s.tat - make_interval(secs => (i.cnt - i.k + i.burst) * i.interval_ms / 1000.0) as slot_at
       from input i join slot s on s.account_id = i.account_id
     ), sched as (
       select t.*, greatest(clock_timestamp(), t.slot_at) as send_at, t.slot_at <= clock_timestamp() as due from slotted t
     ), led as (
       insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, message_id, rule_id, scheduled_for)
       select workspace_id, account_id, 'private_reply:' || account_id || ':' || comment_id, 'private_reply', comment_id, text, message_id, rule_id, send_at
       from sched order by n
       on conflict (idempotency_key) do nothing
       returning id, message_id
     ), fresh as (
       select s.*, led.id as ledger_id from sched s join led on led.message_id = s.message_id
     ), msg as (
       insert into messages (id, workspace_id, conversation_id, account_id, content, direction, status, source)
       select message_id, workspace_id, conversation_id, account_id, text, 'outbound', 'queued', 'comment_rule' from fresh order by n
     ), touched as (
       update conversations c set last_message = x.text, last_message_time = now(), updated_at = now()
       from (select distinct on (conversation_id) conversation_id, text from fresh order by conversation_id, n desc) x
       where c.id = x.conversation_id
     ), groups as (
       -- One outbound.send {ledgerIds} job per second of send slots (ADR 0022), not one job per reply; the
       -- backstops of a hand-off (ADR 0025) due tuning.sends.handOffBackstopMs from now.
       select min(send_at) as run_at, due and $9::boolean as backstop, json_agg(ledger_id::text order by n) as ids
       from fresh group by due, date_trunc('second', send_at)
     ), ${quietJobTaskCte('outbound.send', 'sends_task')},
     ${quietAddJobsCte('outbound.send', 'backstops', {
       taskCte: 'sends_task',
       from: 'groups g where g.backstop',
       payload: `json_build_object('ledgerIds', g.ids)`,
       runAt: `clock_timestamp() + make_interval(secs => ${tuning.sends.handOffBackstopMs / 1000})`,
       priority: SENDS_DUE_TOGETHER_PRIORITY,
     })},
     ${quietAddJobsCte('outbound.send', 'slots', {
       taskCte: 'sends_task',
       from: 'groups g where not g.backstop',
       payload: `json_build_object('ledgerIds', g.ids)`,
       runAt: 'g.run_at',
       priority: SENDS_DUE_TOGETHER_PRIORITY,
     })}
     -- No NOTIFY in this commit (ADR 0029): the /ws notices and the wake of any job due now are sent
     -- after it (QueuedReplyBatch.notices and dueJobs).
     select i.n, f.ledger_id, f.due, j.backstop_jobs, j.due_jobs,
            case when f.ledger_id is not null then json_build_object('workspaceId', f.workspace_id, 'event',
              json_build_object('type', 'message.created', 'conversationId', f.conversation_id, 'messageId', f.message_id))::text end as notice
     from input i left join fresh f on f.n = i.n,
          (select (select array_agg(id::text) from backstops) as backstop_jobs,
                  (select count(*)::int from slots where run_at <= clock_timestamp()) as due_jobs) j
     order by i.n`,
    values: [
      replies.map((r) => r.workspaceId),
      replies.map((r) => r.accountId),
      conversationIds,
      replies.map((r) => r.commentId),
      replies.map((r) => r.text),
      replies.map((r) => r.ruleId),
      limits.map((l) => 3_600_000 / l.perHour),
      limits.map((l) => l.burst),
      opts.handOff === true,
    ],
  });
  return {
    replies: rows.map((r, i) => ({ conversationId: conversationIds[i]!, ledgerId: r.ledger_id, due: r.due === true })),
    backstopJobIds: rows[0]?.backstop_jobs ?? [],
    notices: rows.flatMap((r) => (r.notice ? [{ channel: EVENTS_CHANNEL, payload: r.notice }] : [])),
    dueJobs: rows[0]?.due_jobs ?? 0,
  };
}
