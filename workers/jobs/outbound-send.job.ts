import type { Task } from 'graphile-worker';
import { z } from 'zod';
import type { Sender } from '../../activities/send-outbound.activity';

const payloadSchema = z.object({ ledgerId: z.uuid() });

/**
 * `outbound.send {ledgerId}`: one send, at most once. A thrown error (database or network trouble)
 * is retried by Graphile Worker with exponential backoff; a terminal failure is recorded on the
 * ledger row and the message, and not retried. A throttled send (`rescheduled`) is already back in
 * the ledger as queued with its new ETA; this job adds itself again for that time.
 */
export function outboundSendJob(sender: Sender): Task {
  return async (payload, helpers) => {
    const { ledgerId } = payloadSchema.parse(payload);
    const outcome = await sender.send(ledgerId);
    if (outcome.status === 'failed') helpers.logger.warn(`send ${ledgerId} failed: ${outcome.error}`);
    if (outcome.status === 'rescheduled') {
      helpers.logger.info(`send ${ledgerId} rescheduled to ${outcome.retryAt.toISOString()}: ${outcome.error}`);
      // Same key as enqueueSend: the running job's key is handed over to this new one.
      await helpers.addJob('outbound.send', { ledgerId }, { runAt: outcome.retryAt, jobKey: `send:${ledgerId}`, maxAttempts: 20 });
    }
  };
}
