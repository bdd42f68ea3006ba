import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { jobs } from '../../contracts/jobs';
import { processInboundEvent } from '../inbound/process-inbound-event';
import type { SendLimits } from '../../db/pipeline/send-limits';

/** `inbound.process {eventId}`: one stored inbound event → our tables and its triggers. */
export function inboundProcessJob(pool: pg.Pool, limits: SendLimits): Task {
  return async (payload, helpers) => {
    const { eventId } = jobs['inbound.process'].payload.parse(payload);
    const outcome = await processInboundEvent(pool, eventId, limits);
    if (outcome === 'malformed') helpers.logger.warn(`inbound event ${eventId} is malformed; stored with its error`);
  };
}
