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

/** Events claimed per transaction, and transactions per job before it hands the shard to a new job. */
export const INBOUND_BATCH_SIZE = 100;
const BATCHES_PER_JOB = 5;

/**
 * `inbound.process {shard}` (ADR 0020): the shard's unprocessed events, a batch per transaction,
 * until a batch comes back short; after BATCHES_PER_JOB full batches it adds its shard's job again
 * (so a busy shard does not hold one worker slot forever) and ends. Events that failed are recorded
 * and the job fails, to be retried with Graphile's backoff. `{eventId}`: that one event.
 */
/**
 * `flows`: how new runs take their first steps in the batch's transaction (workers/flows/first-steps.ts).
 * `pump`: the private replies a batch queued due now are handed to it as soon as the batch commits
 * (ADR 0025), instead of waiting for a worker to fetch their `outbound.sends` job (which stays, a few
 * seconds later, as the backstop of a process that died in between).
 */
export function inboundProcessJob(pool: pg.Pool, limits: SendLimits, links?: LinkBase, flows?: FirstStepsConfig, pump?: Pick<SendPump, 'handOffBatch'>): Task {
  return async (payload, helpers) => {
    const p = jobs['inbound.process'].payload.parse(payload);
    if ('eventId' in p) {
      const outcome = await processInboundEvent(pool, p.eventId, limits, links, flows);
      if (outcome === 'malformed') helpers.logger.warn(`inbound event ${p.eventId} is malformed; stored with its error`);
      return;
    }
    let failed = 0;
    for (let i = 0; i < BATCHES_PER_JOB; i++) {
      const batch = await processInboundBatch(pool, p.shard, INBOUND_BATCH_SIZE, limits, links, flows, pump !== undefined);
      if (pump && batch.handOff) await handOffCommitted(pool, pump, batch.handOff, (m) => helpers.logger.error(m));
      if (batch.malformed > 0) helpers.logger.warn(`${batch.malformed} inbound event(s) of shard ${p.shard} malformed; stored with their error`);
      failed += batch.failed;
      if (batch.claimed < INBOUND_BATCH_SIZE) break;
      if (i === BATCHES_PER_JOB - 1) {
        const next: JobPayload<'inbound.process'> = { shard: p.shard };
        await helpers.addJob('inbound.process', next, {
          jobKey: jobKey('inbound.process', String(p.shard)),
          queueName: jobKey('inbound.process', String(p.shard)),
          jobKeyMode: 'preserve_run_at',
          maxAttempts: jobs['inbound.process'].maxAttempts,
        });
      }
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
