import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { jobs } from '../../contracts/jobs';
import { processInboundEvent } from '../inbound/process-inbound-event';
import type { SendLimits } from '../../db/pipeline/send-limits';
import type { LinkBase } from '../inbound/apply-comment-rules';

/** `inbound.process {eventId}`: one stored inbound event → our tables and its triggers. */
export function inboundProcessJob(pool: pg.Pool, limits: SendLimits, links?: LinkBase): Task {
  return async (payload, helpers) => {
    const { eventId } = jobs['inbound.process'].payload.parse(payload);
    const outcome = await processInboundEvent(pool, eventId, limits, links);
    if (outcome === 'malformed') helpers.logger.warn(`inbound event ${eventId} is malformed; stored with its error`);
  };
}
