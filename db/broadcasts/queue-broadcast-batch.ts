import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { planTrackedLinks } from '../links/wrap-tracked-links';
import { quietAddJobsCte, quietJobTaskCte } from '../jobs/graphile-internals';
import type { SendLimit } from '../sends/reserve-send-slot';
import { platformSendLimit } from '../../contracts/inbound';
import { MESSAGING_WINDOW_HOURS } from '../../contracts/platform-windows';
import { skipReasonSql, SKIP_REASONS } from './segment-sql';

type Db = Pick<pg.PoolClient, 'query'>;

/** The platforms whose DM limits a batch is paced at (any other platform gets the configured default). */
const PLATFORMS = ['instagram', 'facebook', 'twitter'] as const;

/** A platform's DM limit: its own (docs/platform-apis.md §2.6, §4.3) or the configured default. */
export function broadcastDmLimit(platform: string, fallback: SendLimit): SendLimit {
  return platformSendLimit(platform, 'dm') ?? fallback;
}

/** The per-platform limits as SQL arrays ($platforms, $interval_ms, $burst). */
function limitArrays(fallback: SendLimit) {
  const limits = PLATFORMS.map((p) => broadcastDmLimit(p, fallback));
  return { platforms: [...PLATFORMS], intervals: limits.map((l) => 3_600_000 / l.perHour), bursts: limits.map((l) => l.burst), fallback };
}

export interface PickedRecipient {
  id: string;
  contactId: string;
  accountId: string;
  attempt: number;
  platform: string;
  externalUserId: string;
  name: string;
  username: string | null;
  reason: string | null;
}

/**
 * The next pending recipients of a broadcast, at most `batchSize`, each account's held to the send
 * slots it has inside the lookahead: the k-th DM reserved on an account goes at
 * max(now, T0 + (k − burst)·interval) with T0 = max(tat, now) (db/sends/reserve-send-slot.ts), so
 * the account takes k ≤ burst + (now + lookahead − T0) / interval. An account far behind (X at 60
 * DMs/h) therefore holds back only its own recipients, not the other accounts'. Taken round-robin
 * over the accounts (each one's oldest first), with the skip reason as of now.
 */
export async function pickBroadcastBatch(
  db: Db,
  q: { broadcastId: string; workspaceId: string; batchSize: number; lookaheadMs: number; limit: SendLimit },
): Promise<PickedRecipient[]> {
  const l = limitArrays(q.limit);
  const { rows } = await db.query<PickedRecipient>({
    name: 'broadcast-pick-batch',
    text: `with acct as (
       select a.id, greatest(coalesce(s.tat, now()), now()) as t0,
              coalesce(l.interval_ms, $6::float8) as interval_ms, coalesce(l.burst, $7::int) as burst
       from social_accounts a
       left join unnest($3::text[], $4::float8[], $5::int[]) as l(platform, interval_ms, burst) on l.platform = a.platform
       left join send_rate_limits s on s.account_id = a.id and s.kind = 'dm'
       where a.workspace_id = $2
     ), cap as (
       select id, least($8::int, greatest(0, floor(burst + extract(epoch from now() + make_interval(secs => $9::float8 / 1000) - t0) * 1000 / interval_ms)))::int as cap
       from acct
     )
     select r.id, r.contact_id as "contactId", r.account_id as "accountId", r.attempt, a.platform, c.external_user_id as "externalUserId",
            c.name, c.username, ${skipReasonSql('$10::int')} as reason
     from cap cross join lateral (
       select r.*, row_number() over (order by r.id) as rn from (
         select * from broadcast_recipients r where r.broadcast_id = $1 and r.account_id = cap.id and r.status = 'pending' order by r.id limit cap.cap
       ) r
     ) r
     join contacts c on c.id = r.contact_id
     join social_accounts a on a.id = r.account_id
     order by r.rn, r.account_id limit $8`,
    values: [
      q.broadcastId,
      q.workspaceId,
      l.platforms,
      l.intervals,
      l.bursts,
      3_600_000 / q.limit.perHour,
      q.limit.burst,
      q.batchSize,
      q.lookaheadMs,
      MESSAGING_WINDOW_HOURS,
    ],
  });
  return rows;
}

/**
 * When the first account that still has pending recipients has a second of send slots (one slot at
 * least) inside the lookahead again, by the same arithmetic; null when no recipient is pending.
 */
export async function nextRoomAt(db: Db, q: { broadcastId: string; workspaceId: string; lookaheadMs: number; limit: SendLimit }): Promise<Date | null> {
  const l = limitArrays(q.limit);
  const { rows } = await db.query<{ at: Date | null }>({
    name: 'broadcast-next-room',
    text: `select min(greatest(coalesce(s.tat, now()), now())
              - make_interval(secs => ($6::float8 + coalesce(l.burst, $7::int) * x.interval_ms - greatest(x.interval_ms, 1000)) / 1000)) as at
     from social_accounts a
     left join unnest($3::text[], $4::float8[], $8::int[]) as l(platform, interval_ms, burst) on l.platform = a.platform
     cross join lateral (select coalesce(l.interval_ms, $5::float8) as interval_ms) x
     left join send_rate_limits s on s.account_id = a.id and s.kind = 'dm'
     where a.workspace_id = $2 and exists (select 1 from broadcast_recipients r where r.broadcast_id = $1 and r.account_id = a.id and r.status = 'pending')`,
    values: [q.broadcastId, q.workspaceId, l.platforms, l.intervals, 3_600_000 / q.limit.perHour, q.lookaheadMs, q.limit.burst, l.bursts],
  });
  return rows[0]?.at ?? null;
}

export interface BatchMessage {
  broadcastId: string;
  workspaceId: string;
  /** The broadcast's text (with its link line). */
  text: string;
  /** Where tracked links point; null: links go out as written. */
  linkBaseUrl: string | null;
  limit: SendLimit;
}

/**
 * Queues a picked batch in ONE statement: the skipped ones marked with their reason (a window that
 * closed while waiting says so), and for the others their conversations (upserted, last message
 * set), their outbound ledger rows keyed `broadcast:<id>:<contact>:<attempt>` (ON CONFLICT DO
 * NOTHING: a key taken before sends nothing new and the recipient points at that row), each with the
 * slot its account's DM rate gives it (the cell-rate upsert advanced once per account, as
 * queuePrivateReplyBatch does for replies), their queued messages and tracked links, one
 * `outbound.send {ledgerIds}` job per second of slots (the send pump claims a job's rows together,
 * ADR 0022), and the recipients marked queued. Returns the last slot and how many jobs are due now.
 */
export async function queueBroadcastBatch(
  db: Db,
  picked: PickedRecipient[],
  m: BatchMessage,
): Promise<{ lastSlot: Date | null; dueJobs: number; queued: number }> {
  const skipped = picked.filter((r) => r.reason);
  const send = picked.filter((r) => !r.reason);
  const links: { code: string; target: string; messageId: string; contactId: string }[] = [];
  const rows = send.map((r) => {
    const messageId = randomUUID();
    let text = m.text;
    if (m.linkBaseUrl) {
      // One code per recipient and URL: a click says who opened it.
      const planned = planTrackedLinks(m.text, m.linkBaseUrl);
      text = planned.text;
      for (const link of planned.links) links.push({ code: link.code, target: link.targetUrl, messageId, contactId: r.contactId });
    }
    const limit = broadcastDmLimit(r.platform, m.limit);
    return { r, messageId, text, intervalMs: 3_600_000 / limit.perHour, burst: limit.burst };
  });
  const { rows: out } = await db.query<{ last_slot: Date | null; due_jobs: number; queued: number }>({
    name: 'queue-broadcast-batch',
    text: `with input as materialized (
       select t.*, row_number() over (partition by t.account_id order by t.n) as k, count(*) over (partition by t.account_id) as cnt
       from unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::uuid[], $13::float8[], $14::int[])
         with ordinality as t(recipient_id, contact_id, account_id, attempt, platform, external_user_id, name, username, text, message_id, interval_ms, burst, n)
     ), skipped as (
       update broadcast_recipients r set status = 'skipped', skip_reason = case s.reason when $15 then $16 else s.reason end
       from unnest($17::uuid[], $18::text[]) as s(id, reason) where r.id = s.id and r.status = 'pending'
     ), conv as (
       insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, customer_username, external_user_id, last_message, last_message_time, updated_at)
       select $2::uuid, account_id, contact_id, platform, coalesce(nullif(name, ''), username, external_user_id), username, external_user_id, text, now(), now()
       from input order by n
       on conflict (account_id, contact_id) do update set customer_name = coalesce(nullif(excluded.customer_name, ''), conversations.customer_name),
         last_message = excluded.last_message, last_message_time = now(), updated_at = now()
       returning id, account_id, contact_id
     ), slot as (
       insert into send_rate_limits (account_id, kind, tat)
       select account_id, 'dm', statement_timestamp() + make_interval(secs => max(interval_ms) * max(cnt) / 1000.0)
       from input group by account_id
       on conflict (account_id, kind) do update
         set tat = greatest(send_rate_limits.tat, clock_timestamp()) + (excluded.tat - statement_timestamp())
       returning account_id, tat
     ), sched as (
       select i.*, 'broadcast:' || $1 || ':' || i.contact_id || ':' || i.attempt as key,
              greatest(clock_timestamp(), s.tat - make_interval(secs => (i.cnt - i.k + i.burst) * i.interval_ms / 1000.0)) as send_at
       from input i join slot s on s.account_id = i.account_id
     ), led as (
       insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, message_id, scheduled_for)
       select $2::uuid, account_id, key, 'dm', external_user_id, text, message_id, send_at from sched order by n
       on conflict (idempotency_key) do nothing
       returning id, message_id
     ), fresh as (
       select s.*, led.id as ledger_id from sched s join led on led.message_id = s.message_id
     ), msg as (
       insert into messages (id, workspace_id, conversation_id, account_id, content, direction, status, source)
       select f.message_id, $2::uuid, c.id, f.account_id, f.text, 'outbound', 'queued', 'broadcast'
       from fresh f join conv c on c.account_id = f.account_id and c.contact_id = f.contact_id order by f.n
     ), links as (
       insert into tracked_links (code, workspace_id, target_url, broadcast_id, contact_id, message_id)
       select l.code, $2::uuid, l.target_url, $1::uuid, l.contact_id, l.message_id
       from unnest($19::text[], $20::text[], $21::uuid[], $22::uuid[]) as l(code, target_url, message_id, contact_id)
       where l.message_id in (select message_id from fresh)
     ), marked as (
       -- A key already in the ledger is this recipient's send from before: point at it, send nothing new.
       update broadcast_recipients r set status = 'queued',
         ledger_id = coalesce(f.ledger_id, (select o.id from outbound_ledger o where o.idempotency_key = s.key))
       from sched s left join fresh f on f.n = s.n
       where r.id = s.recipient_id and r.status = 'pending'
     ), groups as (
       select min(send_at) as run_at, json_agg(ledger_id::text order by send_at, n) as ids from fresh group by date_trunc('second', send_at)
     ), ${quietJobTaskCte('outbound.send', 'sends_task')},
     ${quietAddJobsCte('outbound.send', 'jobs', { taskCte: 'sends_task', from: 'groups g', payload: `json_build_object('ledgerIds', g.ids)`, runAt: 'g.run_at' })}
     select (select max(send_at) from fresh) as last_slot, (select count(*)::int from fresh) as queued,
            (select count(*)::int from jobs where run_at <= clock_timestamp()) as due_jobs`,
    values: [
      m.broadcastId,
      m.workspaceId,
      rows.map((x) => x.r.id),
      rows.map((x) => x.r.contactId),
      rows.map((x) => x.r.accountId),
      rows.map((x) => x.r.attempt),
      rows.map((x) => x.r.platform),
      rows.map((x) => x.r.externalUserId),
      rows.map((x) => x.r.name),
      rows.map((x) => x.r.username),
      rows.map((x) => x.text),
      rows.map((x) => x.messageId),
      rows.map((x) => x.intervalMs),
      rows.map((x) => x.burst),
      SKIP_REASONS.outside,
      SKIP_REASONS.closed,
      skipped.map((r) => r.id),
      skipped.map((r) => r.reason),
      links.map((l) => l.code),
      links.map((l) => l.target),
      links.map((l) => l.messageId),
      links.map((l) => l.contactId),
    ],
  });
  const o = out[0]!;
  return { lastSlot: o.last_slot, dueJobs: o.due_jobs, queued: o.queued };
}
