import type pg from 'pg';
import { z } from 'zod';
import { ONBOARDING_DONE_STEP, onboardingAnswersSchema, type OnboardingAnswers, type OnboardingState } from '../../contracts/onboarding';

type Db = Pick<pg.Pool, 'query'>;

const stateRow = z.object({ onboarding_step: z.number(), answers: z.unknown().nullable(), completed_at: z.date().nullable() });

/** Where the user is in the wizard and what they answered; defaults for a user who has not started. */
export async function readOnboarding(db: Db, userId: string): Promise<OnboardingState> {
  const { rows } = await db.query(
    `select u.onboarding_step, o.answers, o.completed_at
     from users u left join onboarding_progress o on o.user_id = u.id where u.id = $1`,
    [userId],
  );
  const r = stateRow.parse(rows[0]);
  // Stored answers were parsed on the way in; parsing again fills defaults a later version added.
  const answers = onboardingAnswersSchema.catch(onboardingAnswersSchema.parse({})).parse(r.answers ?? {});
  const completed = r.completed_at !== null || r.onboarding_step >= ONBOARDING_DONE_STEP;
  return { step: completed ? 0 : Math.max(0, r.onboarding_step), answers, completed };
}

/**
 * Saves the step and answers as the user goes, and the chosen plan's tier, in one statement. A
 * completed onboarding stays completed if the wizard is walked again.
 */
export async function saveOnboardingProgress(db: Db, user: { id: string; workspaceId: string }, step: number, answers: OnboardingAnswers): Promise<void> {
  await db.query(
    `with saved as (
       insert into onboarding_progress (user_id, workspace_id, answers) values ($1, $2, $3)
       on conflict (user_id) do update set answers = excluded.answers, updated_at = now()
       returning user_id)
     update users set onboarding_step = case when onboarding_step >= $5 then onboarding_step else $4 end, updated_at = now()
     where id = (select user_id from saved)`,
    [user.id, user.workspaceId, JSON.stringify(answers), step, ONBOARDING_DONE_STEP],
  );
}

/** Marks onboarding complete with its final answers (inside the completing transaction). */
export async function markOnboardingComplete(client: pg.PoolClient, user: { id: string; workspaceId: string }, answers: OnboardingAnswers): Promise<void> {
  await client.query(
    `insert into onboarding_progress (user_id, workspace_id, answers, completed_at) values ($1, $2, $3, now())
     on conflict (user_id) do update set answers = excluded.answers, completed_at = now(), updated_at = now()`,
    [user.id, user.workspaceId, JSON.stringify(answers)],
  );
  await client.query('update users set onboarding_step = $2, updated_at = now() where id = $1', [user.id, ONBOARDING_DONE_STEP]);
}
