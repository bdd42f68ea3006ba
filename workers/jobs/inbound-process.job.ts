import type { JobHelpers, Task } from 'graphile-worker';
import type pg from 'pg';
import { tuning } from '../../config/tuning';
import { jobKey, jobs, type JobPayload } from '../../contracts/jobs';
import { wakeStrandedShards, type ShardWakes } from '../../db/inbound/wake-shards';
import { dropJobsIfUnlocked } from '../../db/jobs/graphile-internals';
import type { InboundDeps } from '../inbound/context';
import { processInboundBatch, processInboundEvent } from '../inbound/process-batch';
import type { SendPump } from '../send-pump';

/**
 * How a shard's job waits for more events before it ends (ADR 0032). Only where an ingest runs in
 * the same process (the web and the worker in one): it signals a waiting job directly (ShardWakes),
 * which takes the new events at once, instead of adding a Graphile job that waits behind this one.
 * Elsewhere nothing could signal it, so no job waits.
 */
export interface InboundLinger {
  /** Jobs of this process that may wait at once (0: none): a waiting job holds a worker slot. */
  slots: number;
  /** How long a job waits for a signal after a short batch before it ends. */
  ms: number;
  /** How long a job keeps its shard while it is signalled or finds full batches: then it hands the shard to a new job. */
  budgetMs: number;
}

export const NO_LINGER: InboundLinger = { slots: 0, ms: 0, budgetMs: 0 };

/** A worker process's waits (config/tuning.ts `inbound.linger`): a share of its slots, each waiting briefly, a shard kept for a bounded time. */
export function inboundLinger(concurrency: number): InboundLinger {
  const l = tuning.inbound.linger;
  return { slots: Math.floor(concurrency / l.slotDivisor), ms: l.waitMs, budgetMs: l.budgetMs };
}

/** What the `inbound.process` job needs, made once per process by workers/worker.ts. */
export interface InboundJobDeps extends InboundDeps {
  pool: pg.Pool;
  /** Replies a batch queued due now are handed to it as soon as the batch commits (ADR 0025). */
  pump?: Pick<SendPump, 'handOffBatch'>;
  /** This process's in-memory wakes (ADR 0032); with `linger`, a quiet shard's job waits for them. */
  wakes?: ShardWakes;
  linger?: InboundLinger;
}

/**
 * `inbound.process {shard}` (ADR 0020): the shard's unprocessed events, a batch per transaction.
 * `{eventId}`: that one event (jobs queued before batches), as a batch of one.
 *
 * A shard's job, batch after batch:
 *
 *   CLAIMING ──full batch, or signalled meanwhile──▶ CLAIMING        (until its budget is spent)
 *      │  └──budget spent──▶ HANDING_ON: adds its shard's job again, ends (a busy shard never holds a slot for ever)
 *      └──short batch──▶ WAITING (only with wakes and a free linger slot; else DONE)
 *                          ├──signalled within linger.ms──▶ CLAIMING
 *                          └──quiet──▶ DONE
 *
 * Without wakes, its budget is `tuning.inbound.batchesPerJob` full batches. Events that failed are
 * recorded and the job fails, to be retried with Graphile's backoff.
 * `pump`: the private replies a batch queued due now are handed to it once the batch commits,
 * instead of waiting for a worker to fetch their `outbound.send` job (which stays, a few seconds
 * later, as the backstop of a process that died in between).
 */
export function inboundProcessJob(deps: InboundJobDeps): Task {
  const linger = deps.linger ?? NO_LINGER;
  const waiting = { n: 0 };
  return async (payload, helpers) => {
    const p = jobs['inbound.process'].payload.parse(payload);
    if ('eventId' in p) {
      const outcome = await processInboundEvent(deps.pool, p.eventId, deps);
      if (outcome === 'malformed') helpers.logger.warn(`inbound event ${p.eventId} is malformed; stored with its error`);
      return;
    }
    const failed = await drainShard(deps, linger, waiting, p.shard, helpers);
    if (failed > 0) throw new Error(`${failed} inbound event(s) of shard ${p.shard} failed; recorded with their error, retried later`);
  };
}

/** The state machine above for one job; returns how many events failed. */
async function drainShard(deps: InboundJobDeps, linger: InboundLinger, waiting: { n: number }, shard: number, helpers: JobHelpers): Promise<number> {
  // Signalled: events of the shard committed since the last claim (set by the ingest, cleared before each claim).
  let signalled = false;
  let wakeUp: (() => void) | undefined;
  const listening = linger.slots > 0 && deps.wakes?.hasProducer() === true;
  const stopListening = listening
    ? deps.wakes!.listen(shard, () => {
        signalled = true;
        wakeUp?.();
      })
    : () => undefined;
  const started = performance.now();
  let failed = 0;
  try {
    for (let i = 1; ; i++) {
      // CLAIMING
      signalled = false;
      const batch = await processInboundBatch(deps.pool, { shard, handOff: deps.pump !== undefined }, deps);
      if (deps.pump && batch.handOff) await handOffCommitted(deps.pool, deps.pump, batch.handOff, (m) => helpers.logger.error(m));
      if (batch.malformed > 0) helpers.logger.warn(`${batch.malformed} inbound event(s) of shard ${shard} malformed; stored with their error`);
      failed += batch.failed;
      const spent = listening ? performance.now() - started >= linger.budgetMs : i >= tuning.inbound.batchesPerJob;
      if (batch.claimed >= tuning.inbound.batchSize || signalled) {
        if (!spent) continue;
        // HANDING_ON. Stop listening first: from here on an ingest adds a Graphile job itself.
        stopListening();
        await handShardOn(helpers, shard);
        return failed;
      }
      if (!listening || spent || waiting.n >= linger.slots) return failed;
      // WAITING
      waiting.n++;
      try {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, linger.ms);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      } finally {
        wakeUp = undefined;
        waiting.n--;
      }
      if (signalled) continue;
      // DONE. The check above and the stop below run in one turn of the event loop, so an ingest
      // either signalled before it (and the job goes on) or finds no listener and adds a job.
      return failed;
    }
  } finally {
    stopListening();
  }
}

async function handShardOn(helpers: JobHelpers, shard: number): Promise<void> {
  const next: JobPayload<'inbound.process'> = { shard };
  await helpers.addJob('inbound.process', next, {
    jobKey: jobKey('inbound.process', String(shard)),
    queueName: jobKey('inbound.process', String(shard)),
    jobKeyMode: 'preserve_run_at',
    maxAttempts: jobs['inbound.process'].maxAttempts,
  });
}

/**
 * A committed batch's due replies to the send pump (ADR 0025). When it took every row (in flight or
 * done), their backstop jobs are dropped; rows it could not take (in flight elsewhere, not due yet)
 * and a hand-off that failed are left to them.
 */
export async function handOffCommitted(
  pool: pg.Pool,
  pump: Pick<SendPump, 'handOffBatch'>,
  handOff: { ledgerIds: string[]; backstopJobIds: string[] },
  logError: (message: string) => void,
): Promise<void> {
  if (handOff.ledgerIds.length === 0) return;
  try {
    const { later } = await pump.handOffBatch(handOff.ledgerIds);
    // Dropped without waiting for the WAL flush: lost in a crash, the backstop runs and finds its rows in flight or sent.
    if (later.length === 0) await dropJobsIfUnlocked(pool, handOff.backstopJobIds, { asyncCommit: true });
  } catch (err) {
    logError(`handing ${handOff.ledgerIds.length} sends to the pump failed; their backstop job sends them: ${String(err)}`);
  }
}

/** `inbound:sweep` (every minute): wakes the job of each shard with an event left waiting (ADR 0020). */
export function inboundSweepJob(pool: pg.Pool): Task {
  return async (_payload, helpers) => {
    const { strandedAfterMs, maxEventAttempts } = tuning.inbound;
    const shards = await wakeStrandedShards(pool, strandedAfterMs, maxEventAttempts);
    if (shards.length > 0) helpers.logger.info(`inbound shards ${shards.join(', ')} had events waiting over ${strandedAfterMs / 1000} s; their jobs are woken`);
  };
}
