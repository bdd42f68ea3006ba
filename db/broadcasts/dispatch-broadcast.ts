import type pg from 'pg';
import { JOBS_INSERT_CHANNEL } from '../jobs/graphile-internals';
import { notifyAfterCommit } from '../notify';
import type { SendLimits } from '../sends/send-limits';
import { withTransaction } from '../transaction';
import { MESSAGING_WINDOW_HOURS } from '../../contracts/platform-windows';
import { segmentWhere, skipReasonSql } from './segment-sql';
import { nextRoomAt, pickBroadcastBatch, queueBroadcastBatch } from './queue-broadcast-batch';
import { broadcastSegmentSchema } from '../../contracts/broadcasts';

export interface DispatchOptions {
  limits: SendLimits;
  /** Recipients queued per transaction. */
  batchSize: number;
  /** Sends are queued this far ahead of their rate-limit slot, no further: a pause takes back the rest. */
  lookaheadMs: number;
  /**
   * Where tracked links point (PUBLIC_URL, else the web server's URL in this process); null: a
   * broadcast with Track links on goes out with its links as written.
   */
  linkBaseUrl?: () => string | null;
}

/** The shortest wait before a broadcast whose accounts are busy looks again. */
const MIN_WAIT_MS = 250;

/** How often a suspended workspace's broadcast looks whether it was resumed. */
const SUSPENDED_RECHECK_MS = 60_000;

/** What the dispatch job does next: nothing (done, paused, cancelled) or run again at `at`. */
export type DispatchStep = { again: Date | null };

/**
 * One run of `broadcast.dispatch` (ARCHITECTURE.md#broadcasts). Each step is one transaction under
 * the broadcast's row lock, so redoing it after a crash is safe:
 * 1. scheduled → running: the segment's contacts become recipient rows (unique per contact), the
 *    unreachable ones `skipped` with the reason (Meta's 24-hour window, docs/platform-apis.md §2.1).
 * 2. running: up to batchSize pending recipients, each account's held to the send slots it has
 *    within lookaheadMs (pickBroadcastBatch), are queued set-based in one statement
 *    (queueBroadcastBatch: conversations, messages, ledger rows keyed
 *    `broadcast:<id>:<contact>:<attempt>`, the accounts' rate-limit slots, one `outbound.send
 *    {ledgerIds}` job per second of slots for the send pump) and marked queued in the same commit
 *    (ADR 0053). The window is checked again: one that closed while waiting is skipped, never sent.
 * 3. Pending recipients but no account with room inside the lookahead: it runs again when one has
 *    (nextRoomAt), so a pause takes back at most lookaheadMs of sends per account.
 * 4. Nothing pending and nothing in flight: completed.
 */
export async function dispatchBroadcast(pool: pg.Pool, broadcastId: string, opts: DispatchOptions): Promise<DispatchStep> {
  let dueJobs = 0;
  const wake = async () => {
    if (dueJobs > 0) await notifyAfterCommit(pool, [{ channel: JOBS_INSERT_CHANNEL, payload: JSON.stringify({ count: dueJobs }) }]);
    dueJobs = 0;
  };
  for (;;) {
    const step = await withTransaction(pool, async (client): Promise<DispatchStep | 'more'> => {
      const { rows } = await client.query<{
        workspace_id: string;
        status: string;
        segment: unknown;
        text: string;
        link: string | null;
        track_links: boolean;
        suspended: boolean;
      }>(
        `select b.workspace_id, b.status, b.segment, b.text, b.link, b.track_links, w.suspended_at is not null as suspended
         from broadcasts b join workspaces w on w.id = b.workspace_id where b.id = $1 for update of b`,
        [broadcastId],
      );
      const b = rows[0];
      if (!b || (b.status !== 'scheduled' && b.status !== 'running')) return { again: null };
      // Suspended by the instance operator (ADR 0042): nothing more is queued; look again in a minute,
      // so a resumed workspace's broadcast continues where it stopped.
      if (b.suspended) return { again: new Date(Date.now() + SUSPENDED_RECHECK_MS) };
      if (b.status === 'scheduled') {
        const where = segmentWhere(broadcastSegmentSchema.parse(b.segment), 3);
        await client.query(
          `insert into broadcast_recipients (workspace_id, broadcast_id, contact_id, account_id, status, skip_reason)
           select c.workspace_id, $2, c.id, c.account_id, case when s.reason is null then 'pending' else 'skipped' end, s.reason
           from contacts c join social_accounts a on a.id = c.account_id
           cross join lateral (select ${skipReasonSql(`$${3 + where.params.length}::int`)} as reason) s
           where c.workspace_id = $1 ${where.sql}
           on conflict (broadcast_id, contact_id) do nothing`,
          [b.workspace_id, broadcastId, ...where.params, MESSAGING_WINDOW_HOURS],
        );
        await client.query(`update broadcasts set status = 'running', started_at = now() where id = $1`, [broadcastId]);
        return 'more';
      }

      const batch = { broadcastId, workspaceId: b.workspace_id, lookaheadMs: opts.lookaheadMs, limit: opts.limits.dm };
      const picked = await pickBroadcastBatch(client, { ...batch, batchSize: opts.batchSize });
      if (picked.length === 0) {
        const room = await nextRoomAt(client, batch);
        // Pending recipients, but every account's slots inside the lookahead are taken: come back when one has room.
        if (room) return { again: new Date(Math.max(room.getTime(), Date.now() + MIN_WAIT_MS)) };
        const inFlight = await client.query<{ n: number; again: Date }>(
          `select count(*)::int as n, greatest(max(l.scheduled_for), now()) + interval '1 second' as again from broadcast_recipients r join outbound_ledger l on l.id = r.ledger_id
           where r.broadcast_id = $1 and r.status = 'queued' and l.status in ('queued', 'sending')`,
          [broadcastId],
        );
        const { n, again } = inFlight.rows[0]!;
        if (n === 0) {
          await client.query(`update broadcasts set status = 'completed', finished_at = now() where id = $1`, [broadcastId]);
          return { again: null };
        }
        // Check again a second after the last slot.
        return { again };
      }
      const queued = await queueBroadcastBatch(client, picked, {
        ...batch,
        text: b.link ? `${b.text}\n${b.link}` : b.text,
        linkBaseUrl: b.track_links ? (opts.linkBaseUrl?.() ?? null) : null,
      });
      dueJobs += queued.dueJobs;
      return 'more';
    });
    // Jobs due now were added without Graphile's NOTIFY (ADR 0029): wake that many workers once committed.
    await wake();
    if (step !== 'more') return step;
  }
}
