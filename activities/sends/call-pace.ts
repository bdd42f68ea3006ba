import { platformSendLimit, type SendKind } from '../../contracts/inbound';
import type { SendLimits } from '../../db/sends/send-limits';
import { tuning } from '../../config/tuning';

/**
 * The account buckets again, at the moment a call leaves this process (ADR 0056). A row's send slot
 * (db/sends/reserve-send-slot.ts) is when it may go at the earliest; the job that claims it may run
 * later than that (a busy queue, a pause), and a late claim takes every row whose slot has passed at
 * once. Rows due over 1.3 s then left within one second: a broadcast's account reached the fake at 144
 * calls in a sliding second against its bucket's 110 (tests/perf/results/README.md#broadcast).
 *
 * So the claim asks here too, per (account, kind), with the same cell-rate algorithm and rate as the
 * slots: a row that would leave early is not claimed and is asked again when it may go (the claim's
 * own "not due yet": its job, the flow runtime or the inbound batch calls again). The burst is the
 * slots' less the calls of `tuning.sends.callPaceSlackMs` (Instagram DMs 5 of 10, a private reply
 * none): the time between this check and the call leaving (the claim's statement takes longer for
 * some chunks than for others) must not squeeze more calls into a second than the bucket allows.
 *
 * Per process: rows of one account claimed by two workers at once are each held here only against
 * the calls of their own process (their slots still hold them together); docs/scaling.md says so.
 */
export interface CallPace {
  /** null: the call may leave now (counted); else the time it may, not counted. */
  admit(row: { account_id: string; kind: SendKind; platform: string | null }, nowMs: number): Date | null;
}

/** Keys kept before the idle ones (their bucket full again) are dropped; then twice as many as are left. */
const PRUNE_AT = 10_000;

export function createCallPace(limits: SendLimits): CallPace {
  /** Per `account:kind`, the theoretical arrival time (ms) after the calls admitted so far. */
  const tat = new Map<string, number>();
  let pruneAt = PRUNE_AT;
  return {
    admit(row, now) {
      const limit = platformSendLimit(row.platform, row.kind) ?? limits[row.kind];
      const interval = 3_600_000 / limit.perHour;
      const burst = Math.max(1, limit.burst - Math.floor(tuning.sends.callPaceSlackMs / interval));
      const key = `${row.account_id}:${row.kind}`;
      const next = Math.max(tat.get(key) ?? now, now) + interval;
      const at = next - burst * interval;
      if (at > now) return new Date(Math.ceil(at));
      if (tat.size >= pruneAt && !tat.has(key)) {
        for (const [k, t] of tat) if (t <= now) tat.delete(k);
        pruneAt = Math.max(PRUNE_AT, 2 * tat.size);
      }
      tat.set(key, next);
      return null;
    },
  };
}
