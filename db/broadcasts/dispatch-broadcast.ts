import type pg from 'pg';
import { ensureConversation } from '../inbox/ensure-conversation';
import { queueOutboundMessage } from '../sends/queue-outbound-message';
import type { SendLimits } from '../sends/send-limits';
import { withTransaction } from '../transaction';
import { MESSAGING_WINDOW_HOURS } from '../../contracts/platform-windows';
import { segmentWhere, skipReasonSql, SKIP_REASONS } from './segment-sql';
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

/** How often a suspended workspace's broadcast looks whether it was resumed. */
const SUSPENDED_RECHECK_MS = 60_000;

/** What the dispatch job does next: nothing (done, paused, cancelled) or run again at `at`. */
export type DispatchStep = { again: Date | null };

/**
 * One run of `broadcast.dispatch` (ARCHITECTURE.md#broadcasts). Each step is one transaction under
 * the broadcast's row lock, so redoing it after a crash is safe:
 * 1. scheduled → running: the segment's contacts become recipient rows (unique per contact), the
 *    unreachable ones `skipped` with the reason (Meta's 24-hour window, docs/platform-apis.md §2.1).
 * 2. running: up to batchSize pending recipients are queued through the shared outbox
 *    (queueOutboundMessage: message, ledger row keyed `broadcast:<id>:<contact>:<attempt>`, the
 *    account's rate-limit slot, the outbound.send job) and marked queued in the same commit. The
 *    window is checked again: one that closed while waiting is skipped, never sent.
 * 3. Once the last queued slot is more than lookaheadMs away, it stops and runs again then.
 * 4. Nothing pending and nothing in flight: completed.
 */
export async function dispatchBroadcast(pool: pg.Pool, broadcastId: string, opts: DispatchOptions): Promise<DispatchStep> {
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

      const pending = await client.query<{
        id: string;
        contact_id: string;
        account_id: string;
        attempt: number;
        platform: 'instagram' | 'facebook' | 'twitter';
        external_user_id: string;
        name: string;
        username: string | null;
        reason: string | null;
      }>(
        `select r.id, r.contact_id, r.account_id, r.attempt, a.platform, c.external_user_id, c.name, c.username, ${skipReasonSql('$3::int')} as reason
         from broadcast_recipients r
         join contacts c on c.id = r.contact_id
         join social_accounts a on a.id = r.account_id
         where r.broadcast_id = $1 and r.status = 'pending'
         order by r.id limit $2`,
        [broadcastId, opts.batchSize, MESSAGING_WINDOW_HOURS],
      );
      if (pending.rows.length === 0) {
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

      const text = b.link ? `${b.text}\n${b.link}` : b.text;
      const linkBaseUrl = b.track_links ? (opts.linkBaseUrl?.() ?? null) : null;
      let lastSlot: Date | null = null;
      for (const r of pending.rows) {
        if (r.reason) {
          const reason = r.reason === SKIP_REASONS.outside ? SKIP_REASONS.closed : r.reason;
          await client.query(`update broadcast_recipients set status = 'skipped', skip_reason = $2 where id = $1`, [r.id, reason]);
          continue;
        }
        const conversationId = await ensureConversation(client, {
          workspaceId: b.workspace_id,
          accountId: r.account_id,
          contactId: r.contact_id,
          platform: r.platform,
          name: r.name,
          username: r.username,
          externalUserId: r.external_user_id,
        });
        const key = `broadcast:${broadcastId}:${r.contact_id}:${r.attempt}`;
        const queued = await queueOutboundMessage(client, {
          workspaceId: b.workspace_id,
          accountId: r.account_id,
          conversationId,
          text,
          source: 'broadcast',
          kind: 'dm',
          target: r.external_user_id,
          idempotencyKey: key,
          limit: opts.limits.dm,
          // One code per recipient and URL, made in this transaction: a click says who opened it.
          trackLinks: linkBaseUrl ? { baseUrl: linkBaseUrl, broadcastId, contactId: r.contact_id } : null,
        });
        // A key already in the ledger is this recipient's send from before: point at it, send nothing new.
        const ledgerId =
          queued?.ledgerId ?? (await client.query<{ id: string }>('select id from outbound_ledger where idempotency_key = $1', [key])).rows[0]?.id ?? null;
        await client.query(`update broadcast_recipients set status = 'queued', ledger_id = $2 where id = $1`, [r.id, ledgerId]);
        if (queued && (!lastSlot || queued.scheduledFor > lastSlot)) lastSlot = queued.scheduledFor;
      }
      if (lastSlot) {
        const { rows: ahead } = await client.query<{ far: boolean }>(`select $1::timestamptz > now() + make_interval(secs => $2::float8 / 1000) as far`, [
          lastSlot,
          opts.lookaheadMs,
        ]);
        if (ahead[0]!.far) return { again: new Date(lastSlot.getTime() - opts.lookaheadMs) };
      }
      return 'more';
    });
    if (step !== 'more') return step;
  }
}
