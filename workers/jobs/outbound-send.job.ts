import type { Task } from 'graphile-worker';
import type { Sender } from '../../activities/send-outbound.activity';
import { jobKey, jobs, type JobPayload } from '../../contracts/jobs';

/**
 * `outbound.send {ledgerId}`: one send, at most once. A thrown error (database or network trouble)
 * is retried by Graphile Worker with exponential backoff; a terminal failure is recorded on the
 * ledger row and the message, and not retried. A throttled send (`rescheduled`) is already back in
 * the ledger as queued with its new ETA; this job adds itself again for that time.
 */
export function outboundSendJob(sender: Sender): Task {
  return async (payload, helpers) => {
    const { ledgerId } = jobs['outbound.send'].payload.parse(payload);
    const outcome = await sender.send(ledgerId);
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
