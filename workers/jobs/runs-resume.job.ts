import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { jobs } from '../../contracts/jobs';
import { resumeBatch } from '../flows/resume-batch';

/**
 * `runs.resume {runIds, inputs}`: runs whose timers fell due together (db/flows/pump-due-timers.ts), resumed
 * in one transaction (workers/flows/resume-batch.ts).
 */
export function runsResumeJob(pool: pg.Pool, config: { webhookLanes: number }): Task {
  return async (payload) => {
    await resumeBatch(pool, jobs['runs.resume'].payload.parse(payload), config);
  };
}
