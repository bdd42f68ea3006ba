import { z } from 'zod';

/**
 * The plan catalogue: the one place plan names, prices and allowances live (ADR 0041). The pricing
 * page, onboarding, Settings → Billing, the usage alerts (db/usage/record-usage.ts), the AI answer
 * allowance (contracts/ai.ts) and the admin console all read it. A plan belongs to a workspace
 * (workspaces.plan). Allowances alert and never stop a flow (docs/product-spec.md §9: limits are
 * never enforced); the AI answers allowance is the one that hands a model answer to a person
 * (ADR 0037). `null` counts are unlimited.
 */
export const planIds = ['free', 'starter', 'pro', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];
export const planIdSchema = z.enum(planIds, { error: 'Unknown plan' });

/** Who set a workspace's plan: the default at creation, an operator, Stripe, or a running trial. */
export const planSources = ['default', 'admin', 'stripe', 'trial'] as const;
export type PlanSource = (typeof planSources)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars per month; 0 for the free plan. */
  monthlyPriceUsd: number;
  /** Automated messages (automated DMs and replies sent, AI answers) per UTC month before the alerts. */
  automatedMessages: number;
  /** Model-written AI answers per workspace per month. */
  aiAnswers: number;
  flows: number | null;
  accounts: number | null;
  features: string[];
  /** The plan a trial runs on (TRIAL_DAYS), and the one the pricing page highlights. */
  trial?: true;
}

export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyPriceUsd: 0,
    automatedMessages: 100,
    aiAnswers: 50,
    flows: 3,
    accounts: 1,
    features: ['Keyword and comment-to-DM automations', 'Shared inbox', 'Templates'],
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    monthlyPriceUsd: 15,
    automatedMessages: 1_000,
    aiAnswers: 300,
    flows: 10,
    accounts: 2,
    features: ['Everything in Free', 'Broadcasts', 'Lead export'],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    monthlyPriceUsd: 49,
    automatedMessages: 5_000,
    aiAnswers: 1_000,
    flows: null,
    accounts: 5,
    features: ['Everything in Starter', 'AI replies from your knowledge base', 'Team roles and assignment'],
    trial: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceUsd: 99,
    automatedMessages: 50_000,
    aiAnswers: 3_000,
    flows: null,
    accounts: null,
    features: ['Everything in Pro', 'Priority setup'],
  },
};

export const planList: Plan[] = planIds.map((id) => plans[id]);
export const DEFAULT_PLAN: PlanId = 'free';
export const TRIAL_PLAN: PlanId = planList.find((p) => p.trial)!.id;

export const isPlanId = (value: string): value is PlanId => (planIds as readonly string[]).includes(value);

/** A plan by id; an unknown id (an old value) is the free plan. */
export const planOf = (id: string | null | undefined): Plan => plans[id && isPlanId(id) ? id : DEFAULT_PLAN];

/** "1,000" or "Unlimited". */
export const formatAllowance = (n: number | null): string => (n === null ? 'Unlimited' : n.toLocaleString('en-US'));

/** The catalogue's lines for a plan, as the pricing page, onboarding and billing all list them. */
export function planHighlights(plan: Plan): string[] {
  return [
    `${formatAllowance(plan.automatedMessages)} automated messages / month`,
    `${formatAllowance(plan.aiAnswers)} AI answers / month`,
    `${formatAllowance(plan.flows)} flows`,
    `${formatAllowance(plan.accounts)} connected ${plan.accounts === 1 ? 'account' : 'accounts'}`,
  ];
}

/**
 * An SQL expression giving a catalogue number for the plan id in `column` (the free plan's for an
 * unknown id), for statements that compare counts with it. Built from constants only.
 */
export function planNumberSql(column: string, pick: (plan: Plan) => number): string {
  return `(case ${column} ${planList.map((p) => `when '${p.id}' then ${pick(p)}`).join(' ')} else ${pick(plans[DEFAULT_PLAN])} end)`;
}

/** The same for the plan's name. */
export function planNameSql(column: string): string {
  return `(case ${column} ${planList.map((p) => `when '${p.id}' then '${p.name}'`).join(' ')} else '${plans[DEFAULT_PLAN].name}' end)`;
}

/** What the API says about a workspace's plan (GET /api/billing). */
export const workspacePlanSchema = z.object({
  plan: planIdSchema,
  source: z.enum(planSources),
  trialEndsAt: z.string().nullable(),
});
export type WorkspacePlan = z.infer<typeof workspacePlanSchema>;

/** GET /api/plans (public): the catalogue, the trial if the operator set TRIAL_DAYS, and whether Checkout is configured. */
export interface PlansResponse {
  plans: Plan[];
  defaultPlan: PlanId;
  trial: { days: number; plan: PlanId } | null;
  /** Online payment (Stripe Checkout) is configured; false: a paid plan is set by the operator. */
  checkout: boolean;
}

/** GET /api/billing: the acting workspace's plan, who set it, its trial, and this month's count. */
export interface BillingResponse extends WorkspacePlan {
  messagesUsed: number;
  checkout: boolean;
  /** Stripe is configured and this workspace has a Stripe customer: the customer portal opens (POST /api/billing/portal). */
  portal: boolean;
}

/** The first day a trial banner shows: this many days before the trial ends (and again on its last day). */
export const TRIAL_BANNER_DAYS = 7;

/**
 * Whether the trial banner shows at `now`, and how many days are left (rounded up): from
 * TRIAL_BANNER_DAYS before the end, and on the last day, with its own wording.
 */
export function trialBanner(trialEndsAt: string | null, now: Date): { daysLeft: number; lastDay: boolean } | null {
  if (!trialEndsAt) return null;
  const ms = new Date(trialEndsAt).getTime() - now.getTime();
  if (ms <= 0) return null;
  const daysLeft = Math.ceil(ms / 86_400_000);
  if (daysLeft > TRIAL_BANNER_DAYS) return null;
  return { daysLeft, lastDay: daysLeft <= 1 };
}
