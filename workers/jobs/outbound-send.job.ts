import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { failExpiredSends } from '../../activities/send-at-most-once';
import { jobKey, jobs, type JobPayload } from '../../contracts/jobs';
import type { SendPump } from '../send-pump';

/**
 * `outbound.send {ledgerId}`: one send, at most once, handed to the send pump (ADR 0021): the job
 * finishes as soon as the row is claimed and its call has left; the pump writes the outcome (and
 * re-adds this job for a throttled row's retry time). A thrown error before the claim (database
 * trouble) is retried by Graphile Worker with exponential backoff: nothing was sent. When there was
 * nothing to call — not yet due (`rescheduled`), in flight elsewhere — this job adds itself again
 * for that time; a terminal failure is already recorded on the ledger row and the message.
 */
export function outboundSendJob(pump: Pick<SendPump, 'handOff'>): Task {
  return async (payload, helpers) => {
    const { ledgerId } = jobs['outbound.send'].payload.parse(payload);
    const outcome = await pump.handOff(ledgerId);
    if (outcome.status === 'in-flight') return;
    if (outcome.status === 'failed') helpers.logger.warn(`send ${ledgerId} failed: ${outcome.error}`);
    if (outcome.status === 'rescheduled') {
      helpers.logger.info(`send ${ledgerId} rescheduled to ${outcome.retryAt.toISOString()}: ${outcome.error}`);
      // Same key as enqueueSend (the catalogue's): the running job's key is handed over to this new one.
      const again: JobPayload<'outbound.send'> = { ledgerId };
      await helpers.addJob('outbound.send', again, {
        runAt: outcome.retryAt,
        jobKey: jobKey('outbound.send', ledgerId),
        maxAttempts: jobs['outbound.send'].maxAttempts,
      });
    }
  };
}

/** `outbound:sweep` (every minute): `sending` rows past their lease failed as uncertain (ADR 0021). */
export function outboundSweepJob(pool: pg.Pool): Task {
  return async (_payload, helpers) => {
    for (;;) {
      const n = await failExpiredSends(pool, 500);
      if (n > 0) helpers.logger.warn(`${n} sends in flight in a dead process failed as uncertain (not resent)`);
      if (n < 500) return;
    }
  };
}
