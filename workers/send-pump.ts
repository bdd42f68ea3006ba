import type pg from 'pg';
import { tuning } from '../config/tuning';
import {
  callClaimed,
  claimSends,
  finishClaimed,
  finishSends,
  sendLeaseMs,
  type Claimed,
  type DriverPick,
  type OtherDelivery,
} from '../activities/sends/at-most-once';
import type { PlatformDeps } from '../activities/platform-deps';
import type { SendOutcome } from '../contracts/send-outcome';

/**
 * The send pump (ADR 0021): platform calls that hold neither a Graphile worker slot nor a database
 * connection. An `outbound.send` job (or an inbound batch, after its commit: ADR 0025) hands its
 * rows over: the pump claims them (activities/sends/at-most-once.ts claimSends: `sending` with this
 * process as owner and a lease, committed, connection released), starts their calls and lets the
 * job finish; each outcome is written when its call returns (finishSends). Deliveries are
 * group-committed per workspace: while one workspace's statement runs, its next deliveries gather
 * and go in the next one (at most `tuning.sends.pumpFlushMax`), so they do not queue one commit at a
 * time on the workspace owner's usage row.
 * At most `maxInFlight` calls per process: a job handing over more waits for a free place first
 * (holding its slot but no connection), so a slow platform slows the job queue instead of piling up.
 *
 * A write of an outcome that fails (database down) is retried until shortly before the lease runs
 * out, then given up: the row stays `sending` and the sweep (`outbound:sweep`) fails it as uncertain
 * after the lease — never resent. A process killed with calls in flight leaves the same rows.
 */
export interface SendPump {
  /**
   * Claims the rows (one compare-and-set statement per chunk, ADR 0022) and starts their calls.
   * Resolves, per row in order, `in-flight` once its call has left (its outcome is the pump's to
   * write), or the outcome when there was nothing to call (not due, already sent, a check failed,
   * in flight elsewhere).
   */
  handOffEach(ledgerIds: string[]): Promise<(SendOutcome | { status: 'in-flight' })[]>;
  /** handOffEach for one row. */
  handOff(ledgerId: string): Promise<SendOutcome | { status: 'in-flight' }>;
  /** handOffEach, resolving with only the rows to try again later (not due yet, in flight elsewhere) and their times. */
  handOffBatch(ledgerIds: string[]): Promise<{ later: { ledgerId: string; at: Date }[] }>;
  /** Calls in flight (and outcomes being written) now. */
  inFlight(): number;
  /** Resolves when every call handed over so far has its outcome written (or given up). */
  drain(): Promise<void>;
}

export interface SendPumpOptions {
  maxInFlight: number;
  pick: DriverPick;
  /** Sandbox rows: delivered in one transaction on the claim's connection (exactly once). */
  other?: OtherDelivery;
  sleep: (ms: number) => Promise<void>;
  /** Milliseconds on a monotonic clock (performance.now). */
  now: () => number;
  onError: (err: unknown, message: string) => void;
  /** Called with every outcome the pump writes (tests, logs). */
  onOutcome?: (ledgerId: string, outcome: SendOutcome) => void;
}

export function createSendPump(pool: pg.Pool, deps: PlatformDeps, opts: SendPumpOptions): SendPump {
  let active = 0;
  const waiting: { k: number; resolve: () => void }[] = [];
  const running = new Set<Promise<void>>();
  type Delivered = { claimed: Claimed; platformId: string; done: (err: unknown, outcome?: SendOutcome) => void };
  const gathering = new Map<string, Delivered[]>();
  const flushing = new Set<string>();

  async function flush(workspaceId: string) {
    if (flushing.has(workspaceId)) return;
    flushing.add(workspaceId);
    try {
      for (;;) {
        const waiting = gathering.get(workspaceId) ?? [];
        if (waiting.length === 0) break;
        const batch = waiting.splice(0, tuning.sends.pumpFlushMax);
        if (waiting.length === 0) gathering.delete(workspaceId);
        try {
          const outcomes = await finishSends(
            pool,
            batch.map((d) => ({ claimed: d.claimed, result: { ok: true as const, platformId: d.platformId } })),
            deps,
          );
          batch.forEach((d, i) => d.done(null, outcomes[i]!));
        } catch (err) {
          for (const d of batch) d.done(err);
        }
      }
    } finally {
      flushing.delete(workspaceId);
    }
  }
  /** Marks a delivery sent with the next group commit of its workspace (finishSends: LEASE_LOST when the claim was no longer the row's). */
  const markDelivered = (claimed: Claimed, platformId: string) =>
    new Promise<SendOutcome>((resolve, reject) => {
      const workspaceId = claimed.entry.workspace_id;
      const list = gathering.get(workspaceId) ?? [];
      list.push({ claimed, platformId, done: (err, outcome) => (err || !outcome ? reject(err) : resolve(outcome)) });
      gathering.set(workspaceId, list);
      void flush(workspaceId);
    });

  // Places are granted in arrival order and a request for k places waits until all k are free at
  // once (a batch never holds some while waiting for more, so two batches cannot block each other).
  const acquire = async (k = 1) => {
    if (waiting.length === 0 && active + k <= opts.maxInFlight) {
      active += k;
      return;
    }
    await new Promise<void>((resolve) => waiting.push({ k, resolve }));
  };
  const release = (k = 1) => {
    active -= k;
    while (waiting.length > 0 && active + waiting[0]!.k <= opts.maxInFlight) {
      const next = waiting.shift()!;
      active += next.k;
      next.resolve();
    }
  };
  /** Starts the call of a claimed row; the place it holds is released when its outcome is written. */
  const start = (claim: Claimed, claimedAt: number) => {
    const task = writeOutcome(claim, claimedAt)
      .catch((err: unknown) => opts.onError(err, `send ${claim.entry.id}: writing its outcome failed`))
      .finally(() => {
        running.delete(task);
        release();
      });
    running.add(task);
  };
  /** Rows per batch claim: at most the pump's places, so a chunk can always be granted. */
  const chunkSize = Math.max(1, Math.min(tuning.sends.pumpClaimChunk, opts.maxInFlight));

  async function writeOutcome(claimed: Claimed, claimedAt: number): Promise<void> {
    const result = await callClaimed(pool, claimed, deps).catch((err: unknown) => {
      opts.onError(err, `send ${claimed.entry.id}: the platform call threw; it stays sending and is failed as uncertain after its lease`);
      return null;
    });
    if (result === null) return;
    // Give up a little before the lease runs out: past it, a sweep may have failed the row already
    // (the write is conditional, so a late one is harmless, but pointless).
    const giveUpAt = claimedAt + sendLeaseMs(deps) - 5_000;
    for (let wait = 100; ; wait = Math.min(wait * 2, 5_000)) {
      try {
        const outcome = result.ok ? await markDelivered(claimed, result.platformId) : await finishClaimed(pool, claimed, result, deps, { requeueJob: true });
        opts.onOutcome?.(claimed.entry.id, outcome);
        return;
      } catch (err) {
        if (opts.now() + wait >= giveUpAt) {
          opts.onError(err, `send ${claimed.entry.id}: its outcome could not be written before its lease ran out; it will be failed as uncertain`);
          return;
        }
        opts.onError(err, `send ${claimed.entry.id}: writing its outcome failed; retrying in ${wait} ms`);
        await opts.sleep(wait);
      }
    }
  }

  const handOffEach: SendPump['handOffEach'] = async (ledgerIds) => {
    const results: (SendOutcome | { status: 'in-flight' })[] = [];
    for (let i = 0; i < ledgerIds.length; i += chunkSize) {
      const chunk = ledgerIds.slice(i, i + chunkSize);
      await acquire(chunk.length);
      const claimedAt = opts.now();
      let claims: Awaited<ReturnType<typeof claimSends>>;
      try {
        claims = await claimSends(pool, chunk, deps, opts.pick, opts.other);
      } catch (err) {
        release(chunk.length);
        throw err;
      }
      let started = 0;
      for (const claim of claims) {
        if ('outcome' in claim) results.push(claim.outcome);
        else {
          start(claim, claimedAt);
          started++;
          results.push({ status: 'in-flight' });
        }
      }
      if (chunk.length > started) release(chunk.length - started);
    }
    return results;
  };

  return {
    handOffEach,
    handOff: async (ledgerId) => (await handOffEach([ledgerId]))[0]!,
    async handOffBatch(ledgerIds) {
      const outcomes = await handOffEach(ledgerIds);
      return { later: outcomes.flatMap((o, i) => (o.status === 'rescheduled' ? [{ ledgerId: ledgerIds[i]!, at: o.retryAt }] : [])) };
    },
    inFlight: () => running.size,
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
