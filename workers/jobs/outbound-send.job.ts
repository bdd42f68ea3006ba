import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { z } from 'zod';
import { sendOutbound } from '../../activities/send-outbound.activity';

const payloadSchema = z.object({ ledgerId: z.uuid() });

/**
 * `outbound.send {ledgerId}`: one send, at most once. A thrown error (database or network trouble)
 * is retried by Graphile Worker with exponential backoff; a terminal failure is recorded on the
 * ledger row and the message, and not retried.
 */
export function outboundSendJob(pool: pg.Pool): Task {
  return async (payload, helpers) => {
    const { ledgerId } = payloadSchema.parse(payload);
    const outcome = await sendOutbound(pool, ledgerId);
    if (outcome.status === 'failed') helpers.logger.warn(`send ${ledgerId} failed: ${outcome.error}`);
  };
}
