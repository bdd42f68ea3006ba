import { z } from 'zod';
import { profileQuestionIds } from './knowledge';
import { planIds } from './plans';

/** docs/product-spec.md §4 tone ids. */
export const toneIds = ['friendly', 'professional', 'energetic'] as const;
export type ToneId = (typeof toneIds)[number];

/** The last navigable step (Review Summary); Celebrate (8) is reached only by completing. */
export const ONBOARDING_LAST_STEP = 7;
/** users.onboarding_step once setup is complete (the demo workspace is created at this step). */
export const ONBOARDING_DONE_STEP = 9;

const kbAnswersSchema = z.partialRecord(z.enum(profileQuestionIds), z.string().max(5000, 'Answers are limited to 5,000 characters'));

/** What the Site Scan Preview found, kept so a resumed wizard still shows it (and allows Continue). */
export const scannedDataSchema = z.object({
  businessName: z.string().max(200).nullable(),
  offers: z.array(z.object({ name: z.string().max(200), price: z.string().max(40).nullable(), url: z.string().max(2000).nullable() })).max(50),
  testimonials: z.array(z.object({ quote: z.string().max(2000), author: z.string().max(200) })).max(50),
});
export type ScannedData = z.infer<typeof scannedDataSchema>;

/** docs/product-spec.md §3 Onboarding state, every field with its default. */
export const onboardingAnswersSchema = z.object({
  /**
   * The plan the user said they want (contracts/plans.ts). Only remembered: choosing never changes
   * the workspace's plan (an operator, Stripe Checkout or a trial does, ADR 0041).
   */
  selectedPlan: z.enum(planIds).default('free'),
  connectedPlatform: z.string().trim().max(40).default(''),
  websiteUrl: z.string().trim().max(2000).default(''),
  businessName: z.string().trim().max(200, 'The business name is limited to 200 characters').default(''),
  kbAnswers: kbAnswersSchema.default({}),
  flowTemplate: z.string().trim().max(80).default(''),
  tone: z.enum(toneIds).default('friendly'),
  scannedData: scannedDataSchema.nullable().default(null),
  /**
   * "I don't have a website": the scan step is answered without a scan (docs/product-spec.md's
   * deviations). `websiteUrl` may then hold the one link they share instead (a shop, booking page or
   * link in bio), which templates send as the offer link.
   */
  noWebsite: z.boolean().default(false),
});
export type OnboardingAnswers = z.output<typeof onboardingAnswersSchema>;

/** PUT /api/onboarding: where the user is and what they answered so far, saved as they go. */
export const saveOnboardingBodySchema = z.object({
  step: z.number().int().min(0).max(ONBOARDING_LAST_STEP),
  answers: onboardingAnswersSchema,
});

/** POST /api/onboarding/complete (docs/product-spec.md §7): the answers, with a template required. */
export const completeOnboardingBodySchema = onboardingAnswersSchema.extend({
  flowTemplate: z.string().trim().min(1, 'Choose a flow template').max(80),
});

/** GET /api/onboarding. */
export interface OnboardingState {
  step: number;
  answers: OnboardingAnswers;
  completed: boolean;
}

export interface CompleteOnboardingResult {
  message: string;
  flowId: string;
}
