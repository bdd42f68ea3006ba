import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { z } from 'zod';
import { resumeBatch } from '../flows/resume-batch';
import { driveRun, type DriverConfig } from '../flows/run-driver';

const payloadSchema = z.object({ runId: z.uuid() });

/** `run.advance {runId}`: drive one flow run as far as it can go now (ARCHITECTURE.md#flow-runtime). */
export function runAdvanceJob(pool: pg.Pool, config: DriverConfig): Task {
  return async (payload) => {
    const { runId } = payloadSchema.parse(payload);
    await driveRun(pool, runId, config);
  };
}

const batchSchema = z.object({ runIds: z.array(z.uuid()).min(1).max(1000) });

/** `runs.resume {runIds}`: timers that fell due together, resumed in one transaction. */
export function runsResumeJob(pool: pg.Pool): Task {
  return async (payload) => {
    await resumeBatch(pool, batchSchema.parse(payload).runIds);
  };
}
