import type pg from 'pg';
import { jobSpecRow } from '../jobs/job-spec';

/**
 * Queues the `mail.reset` job for this email (contracts/jobs.ts): committed before the request is
 * answered. The same statement whether or not the email has an account, so neither the answer nor
 * its timing says which emails do; the worker looks the account up.
 */
export async function queueResetMail(db: Pick<pg.Pool, 'query'>, email: string, origin: string): Promise<void> {
  await db.query(
    `select graphile_worker.add_jobs(array[${jobSpecRow('mail.reset', { payload: "json_build_object('email', $1::text, 'origin', $2::text)" })}])`,
    [email, origin],
  );
}
