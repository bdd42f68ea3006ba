import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { z } from 'zod';
import { processInboundEvent } from '../inbound/process-inbound-event';
import type { SendLimits } from '../../db/pipeline/send-limits';

const payloadSchema = z.object({ eventId: z.union([z.string(), z.number()]).transform(String) });

/** `inbound.process {eventId}`: one stored inbound event → our tables and its triggers. */
export function inboundProcessJob(pool: pg.Pool, limits: SendLimits): Task {
  return async (payload, helpers) => {
    const { eventId } = payloadSchema.parse(payload);
    const outcome = await processInboundEvent(pool, eventId, limits);
    if (outcome === 'malformed') helpers.logger.warn(`inbound event ${eventId} is malformed; stored with its error`);
  };
}
