import type pg from 'pg';
import { jobSpecRow } from '../jobs/job-spec';

/**
 * A throttled send's `outbound.send` job again, for its retry time, in the caller's transaction (the
 * send pump's job finished when the call left, ADR 0021). Same key as enqueueSend's: one pending job per row.
 */
export async function requeueSendJob(client: pg.PoolClient, ledgerId: string, runAt: Date): Promise<void> {
  await client.query(
    `select graphile_worker.add_jobs(array[${jobSpecRow('outbound.send', { payload: `json_build_object('ledgerId', $1::text)`, runAt: '$2::timestamptz', keyOf: '$1::text' })}])`,
    [ledgerId, runAt],
  );
}
