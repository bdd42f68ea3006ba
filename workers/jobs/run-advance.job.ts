import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { z } from 'zod';
import { driveRun, type DriverConfig } from '../flows/run-driver';

const payloadSchema = z.object({ runId: z.uuid() });

/** `run.advance {runId}`: drive one flow run as far as it can go now (design record §3). */
export function runAdvanceJob(pool: pg.Pool, config: DriverConfig): Task {
  return async (payload) => {
    const { runId } = payloadSchema.parse(payload);
    await driveRun(pool, runId, config);
  };
}
