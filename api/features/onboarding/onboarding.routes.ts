import type pg from 'pg';
import { completeOnboardingBodySchema, saveOnboardingBodySchema, type CompleteOnboardingResult } from '../../../contracts/onboarding';
import { readOnboarding, saveOnboardingProgress } from '../../../db/onboarding/onboarding-progress';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody } from '../../http/validate';
import { completeOnboarding } from './complete-onboarding';

/** The onboarding wizard (docs/product-spec.md §2), mounted at /api/onboarding. */
export function onboardingRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'settings:manage' });

  router.get('/', async (req, res) => {
    res.json(await readOnboarding(pool, currentUser(req).id));
  });

  /** Saved at every step, so a reload or a new sign-in resumes where the user was. */
  router.put('/', async (req, res) => {
    const user = currentUser(req);
    const { step, answers } = parseBody(saveOnboardingBodySchema, req);
    await saveOnboardingProgress(pool, user, step, answers);
    res.json(await readOnboarding(pool, user.id));
  });

  router.post('/complete', async (req, res) => {
    const answers = parseBody(completeOnboardingBodySchema, req);
    const { flowId } = await completeOnboarding(pool, currentUser(req), answers);
    const body: CompleteOnboardingResult = { message: 'Setup Complete!', flowId };
    res.json(body);
  });

  return router;
}
