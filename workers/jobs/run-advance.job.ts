import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { jobs } from '../../contracts/jobs';
import { driveRun, type DriverConfig } from '../flows/run-driver';

/** `run.advance {runId}`: drive one flow run as far as it can go now (ARCHITECTURE.md#flow-runtime). */
export function runAdvanceJob(pool: pg.Pool, config: DriverConfig): Task {
  return async (payload) => {
    const { runId } = jobs['run.advance'].payload.parse(payload);
    await driveRun(pool, runId, config);
  };
}
