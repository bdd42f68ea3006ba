import type pg from 'pg';
import {
  callClaimed,
  claimSend,
  claimSendBatch,
  finishClaimed,
  finishDeliveredBatch,
  LEASE_LOST,
  sendLeaseMs,
  type Claimed,
  type DriverPick,
} from '../activities/send-at-most-once';
import type { PlatformDeps } from '../activities/platform-deps';
import type { SendOutcome } from '../activities/send-outcome';

/**
 * The send pump (ADR 0021): platform calls that hold neither a Graphile worker slot nor a database
 * connection. An `outbound.send` job hands its row over: the pump claims it (`sending` with this
 * process as owner and a lease, committed, connection released), starts the call and lets the job
 * finish; the outcome is written when the call returns, on a pooled connection for one statement.
 * Deliveries are group-committed per workspace: while one workspace's statement runs, its next
 * deliveries gather and go in the next one (at most 200), so they do not queue one commit at a time
 * on the workspace owner's usage row.
 * At most `maxInFlight` calls per process: a job handing over more waits for a free place first
 * (holding its slot but no connection), so a slow platform slows the job queue instead of piling up.
 *
 * A write of an outcome that fails (database down) is retried until shortly before the lease runs
 * out, then given up: the row stays `sending` and the sweep (`outbound:sweep`) fails it as uncertain
 * after the lease — never resent. A process killed with calls in flight leaves the same rows.
 */
export interface SendPump {
  /**
   * Claims the row and starts its call. Resolves `in-flight` once the call has left (its outcome is
   * the pump's to write), or with the outcome when there was nothing to call (not due, already sent,
   * a check failed, in flight elsewhere).
   */
  handOff(ledgerId: string): Promise<SendOutcome | { status: 'in-flight' }>;
  /**
   * Many rows at once (the `outbound.sends` job, ADR 0022): the due ones claimed together in one
   * compare-and-set statement per chunk and their calls started; anything unusual goes through
   * handOff one by one. Resolves with the rows to try again later (not due yet, in flight
   * elsewhere) and their times; every other row is in flight or has its outcome.
   */
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
  other?: (client: pg.PoolClient, ledgerId: string) => Promise<SendOutcome>;
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
  type Delivered = { claimed: Claimed; platformId: string; done: (err: unknown, mine?: boolean) => void };
  const gathering = new Map<string, Delivered[]>();
  const flushing = new Set<string>();

  async function flush(workspaceId: string) {
    if (flushing.has(workspaceId)) return;
    flushing.add(workspaceId);
    try {
      for (;;) {
        const waiting = gathering.get(workspaceId) ?? [];
        if (waiting.length === 0) break;
        const batch = waiting.splice(0, 200);
        if (waiting.length === 0) gathering.delete(workspaceId);
        try {
          const written = await finishDeliveredBatch(pool, workspaceId, batch);
          for (const d of batch) d.done(null, written.has(d.claimed.entry.id));
        } catch (err) {
          for (const d of batch) d.done(err);
        }
      }
    } finally {
      flushing.delete(workspaceId);
    }
  }
  /** Marks a delivery sent with the next group commit of its workspace; false when the claim was no longer the row's. */
  const markDelivered = (claimed: Claimed, platformId: string) =>
    new Promise<boolean>((resolve, reject) => {
      const workspaceId = claimed.entry.workspace_id;
      const list = gathering.get(workspaceId) ?? [];
      list.push({ claimed, platformId, done: (err, mine) => (err ? reject(err) : resolve(mine === true)) });
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
  const chunkSize = Math.max(1, Math.min(100, opts.maxInFlight));

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
        const outcome: SendOutcome = result.ok
          ? (await markDelivered(claimed, result.platformId))
            ? { status: 'sent' }
            : { status: 'failed', retryable: false, error: LEASE_LOST }
          : await finishClaimed(pool, claimed, result, deps, { requeueJob: true });
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

  const handOff: SendPump['handOff'] = async (ledgerId) => {
    await acquire();
    let claim: Awaited<ReturnType<typeof claimSend>>;
    const claimedAt = opts.now();
    try {
      const other = opts.other;
      claim = await claimSend(pool, ledgerId, deps, opts.pick, other && ((client) => other(client, ledgerId)));
    } catch (err) {
      release();
      throw err;
    }
    if ('outcome' in claim) {
      release();
      return claim.outcome;
    }
    start(claim, claimedAt);
    return { status: 'in-flight' };
  };

  return {
    handOff,
    async handOffBatch(ledgerIds) {
      const later: { ledgerId: string; at: Date }[] = [];
      const single: string[] = [];
      for (let i = 0; i < ledgerIds.length; i += chunkSize) {
        const chunk = ledgerIds.slice(i, i + chunkSize);
        await acquire(chunk.length);
        const claimedAt = opts.now();
        let batch: Awaited<ReturnType<typeof claimSendBatch>>;
        try {
          batch = await claimSendBatch(pool, chunk, deps, opts.pick);
        } catch (err) {
          release(chunk.length);
          throw err;
        }
        const unused = chunk.length - batch.claimed.length;
        if (unused > 0) release(unused);
        for (const claim of batch.claimed) start(claim, claimedAt);
        later.push(...batch.notYet);
        single.push(...batch.single);
      }
      for (const ledgerId of single) {
        const outcome = await handOff(ledgerId);
        if (outcome.status === 'rescheduled') later.push({ ledgerId, at: outcome.retryAt });
      }
      return { later };
    },
    inFlight: () => running.size,
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
