import type pg from 'pg';
import { DEFAULT_PLAN, planList, TRIAL_PLAN, type BillingResponse, type PlansResponse } from '../../../contracts/plans';
import { readWorkspacePlan } from '../../../db/usage/record-usage';
import { readStripeLink } from '../../../db/billing/stripe-billing';
import { readWorkspacePlanState } from '../../../db/workspaces/workspace-plan';
import { AppError } from '../../http/errors';
import { authedRouter, publicRouter } from '../../http/routers';

export interface PlansRouteDeps {
  pool: pg.Pool;
  /** TRIAL_DAYS; undefined: no trial, and the pages say nothing of one. */
  trialDays: number | undefined;
  /** Whether Stripe Checkout is configured. */
  checkout: boolean;
}

/**
 * GET /api/plans: the catalogue (contracts/plans.ts) for the pricing page and onboarding, with the
 * instance's trial and payment settings, so no page promises what is not configured (ADR 0041).
 */
export function publicPlansRoutes(deps: PlansRouteDeps) {
  const router = publicRouter();
  const body: PlansResponse = {
    plans: planList,
    defaultPlan: DEFAULT_PLAN,
    trial: deps.trialDays ? { days: deps.trialDays, plan: TRIAL_PLAN } : null,
    checkout: deps.checkout,
  };
  router.get('/api/plans', (_req, res) => {
    res.json(body);
  });
  return router;
}

/** GET /api/billing (mounted at /api/billing): the acting workspace's plan, its source and trial, and this month's count (Settings → Billing). */
export function billingRoutes(deps: PlansRouteDeps) {
  const router = authedRouter('workspace:read');
  router.get('/', async (req, res) => {
    const workspaceId = req.user!.workspaceId;
    const [state, usage, link] = await Promise.all([
      readWorkspacePlanState(deps.pool, workspaceId),
      readWorkspacePlan(deps.pool, workspaceId),
      readStripeLink(deps.pool, workspaceId),
    ]);
    if (!state || !usage) throw new AppError('NOT_FOUND', 'No such workspace');
    const body: BillingResponse = { ...state, messagesUsed: usage.messagesUsed, checkout: deps.checkout, portal: deps.checkout && Boolean(link?.customerId) };
    res.json(body);
  });
  return router;
}
