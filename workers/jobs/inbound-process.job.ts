import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { jobKey, jobs, type JobPayload } from '../../contracts/jobs';
import { MAX_EVENT_ATTEMPTS, processInboundBatch, processInboundEvent } from '../inbound/process-inbound-event';
import type { SendLimits } from '../../db/pipeline/send-limits';
import type { LinkBase } from '../inbound/apply-comment-rules';
import { wakeStrandedShards } from '../../db/pipeline/wake-inbound-shards';
import type { FirstStepsConfig } from '../flows/first-steps';
import type { SendPump } from '../send-pump';
import { dropBackstopJobs } from '../../db/pipeline/comment-batch';
import { hasLocalProducer, listenForShardWakes } from '../../db/pipeline/local-shard-wakes';

/** Events claimed per transaction, and transactions per job before it hands the shard to a new job. */
export const INBOUND_BATCH_SIZE = 100;
const BATCHES_PER_JOB = 5;

/**
 * How a shard's job waits for more events before it ends (ADR 0032). Only where an ingest runs in
 * the same process (the web and the worker in one): it signals a waiting job directly
 * (db/pipeline/local-shard-wakes.ts), which takes the new events at once, instead of adding a
 * Graphile job that waits behind this one. Elsewhere nothing could signal it, so no job waits.
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

/** A worker process's waits: a third of its slots, 100 ms each, a shard kept at most 2 s by one job. */
export function inboundLinger(concurrency: number): InboundLinger {
  return { slots: Math.floor(concurrency / 3), ms: 100, budgetMs: 2_000 };
}

/**
 * `inbound.process {shard}` (ADR 0020): the shard's unprocessed events, a batch per transaction,
 * until a batch comes back short; after BATCHES_PER_JOB full batches it adds its shard's job again
 * (so a busy shard does not hold one worker slot forever) and ends. Events that failed are recorded
 * and the job fails, to be retried with Graphile's backoff. `{eventId}`: that one event.
 * With `linger` (ADR 0032), where an ingest of this process can signal it: after a short batch the
 * job waits up to `linger.ms` for a signal and takes the new events; signalled or full, it goes on
 * until `linger.budgetMs`, then adds its shard's job again.
 *
 * `flows`: how new runs take their first steps in the batch's transaction (workers/flows/first-steps.ts).
 * `pump`: the private replies a batch queued due now are handed to it as soon as the batch commits
 * (ADR 0025), instead of waiting for a worker to fetch their `outbound.sends` job (which stays, a few
 * seconds later, as the backstop of a process that died in between).
 */
export function inboundProcessJob(
  pool: pg.Pool,
  limits: SendLimits,
  links?: LinkBase,
  flows?: FirstStepsConfig,
  pump?: Pick<SendPump, 'handOffBatch'>,
  linger: InboundLinger = NO_LINGER,
): Task {
  let waiting = 0;
  return async (payload, helpers) => {
    const p = jobs['inbound.process'].payload.parse(payload);
    if ('eventId' in p) {
      const outcome = await processInboundEvent(pool, p.eventId, limits, links, flows);
      if (outcome === 'malformed') helpers.logger.warn(`inbound event ${p.eventId} is malformed; stored with its error`);
      return;
    }
    const handShardOn = async () => {
      const next: JobPayload<'inbound.process'> = { shard: p.shard };
      await helpers.addJob('inbound.process', next, {
        jobKey: jobKey('inbound.process', String(p.shard)),
        queueName: jobKey('inbound.process', String(p.shard)),
        jobKeyMode: 'preserve_run_at',
        maxAttempts: jobs['inbound.process'].maxAttempts,
      });
    };
    // Signalled: events of the shard committed since the last claim (set by the ingest, cleared before each claim).
    let signalled = false;
    let wakeUp: (() => void) | undefined;
    const listening = linger.slots > 0 && hasLocalProducer(pool);
    const stopListening = listening
      ? listenForShardWakes(pool, p.shard, () => {
          signalled = true;
          wakeUp?.();
        })
      : () => undefined;
    const started = performance.now();
    let failed = 0;
    try {
      for (let i = 1; ; i++) {
        signalled = false;
        const batch = await processInboundBatch(pool, p.shard, INBOUND_BATCH_SIZE, limits, links, flows, pump !== undefined);
        if (pump && batch.handOff) await handOffCommitted(pool, pump, batch.handOff, (m) => helpers.logger.error(m));
        if (batch.malformed > 0) helpers.logger.warn(`${batch.malformed} inbound event(s) of shard ${p.shard} malformed; stored with their error`);
        failed += batch.failed;
        const spent = listening ? performance.now() - started >= linger.budgetMs : i >= BATCHES_PER_JOB;
        if (batch.claimed >= INBOUND_BATCH_SIZE || signalled) {
          if (!spent) continue;
          // Stop listening first: from here on an ingest adds a Graphile job itself.
          stopListening();
          await handShardOn();
          break;
        }
        if (!listening || spent || waiting >= linger.slots) break;
        waiting++;
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
          waiting--;
        }
        if (signalled) continue;
        // Quiet: the check above and this stop run in one turn of the event loop, so an ingest
        // either signalled before it (and the job goes on) or finds no listener and adds a job.
        break;
      }
    } finally {
      stopListening();
    }
    if (failed > 0) throw new Error(`${failed} inbound event(s) of shard ${p.shard} failed; recorded with their error, retried later`);
  };
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
    if (later.length === 0) await dropBackstopJobs(pool, handOff.backstopJobIds);
  } catch (err) {
    logError(`handing ${handOff.ledgerIds.length} sends to the pump failed; their backstop job sends them: ${String(err)}`);
  }
}

/** How long an unprocessed event waits before `inbound:sweep` wakes its shard's job again. */
export const STRANDED_AFTER_MS = 30_000;

/** `inbound:sweep` (every minute): wakes the job of each shard with an event left waiting (ADR 0020). */
export function inboundSweepJob(pool: pg.Pool): Task {
  return async (_payload, helpers) => {
    const shards = await wakeStrandedShards(pool, STRANDED_AFTER_MS, MAX_EVENT_ATTEMPTS);
    if (shards.length > 0)
      helpers.logger.info(`inbound shards ${shards.join(', ')} had events waiting over ${STRANDED_AFTER_MS / 1000} s; their jobs are woken`);
  };
}
