import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { jobKey, jobs, type JobPayload } from '../../contracts/jobs';
import { advanceEnrollment } from '../../db/sequences/advance-enrollment';
import type { SendLimits } from '../../db/sends/send-limits';

/**
 * `sequence.step {enrollmentId}`: sends or skips the enrolment's due steps
 * (db/sequences/advance-enrollment.ts) and adds itself again for the next step's time. A crash
 * mid-way redoes the job: the steps are one committed transaction, recorded once per step and keyed
 * once per step in the ledger, so no step is sent twice. The job completes only after the next one
 * is added, so a crash between the two redoes this one (a no-op) instead of losing the schedule.
 */
export function sequenceStepJob(pool: pg.Pool, opts: { limits: SendLimits }): Task {
  return async (payload, helpers) => {
    const { enrollmentId } = jobs['sequence.step'].payload.parse(payload);
    const { again } = await advanceEnrollment(pool, enrollmentId, opts);
    if (!again) return;
    const next: JobPayload<'sequence.step'> = { enrollmentId };
    await helpers.addJob('sequence.step', next, {
      runAt: again,
      jobKey: jobKey('sequence.step', enrollmentId),
      maxAttempts: jobs['sequence.step'].maxAttempts,
      priority: jobs['sequence.step'].priority ?? 0,
    });
  };
}
