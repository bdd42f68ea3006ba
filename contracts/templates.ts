import { z } from 'zod';
import { flowGraphSchema, type FlowError, type FlowGraph } from './flows';

/** docs/product-spec.md §3 Template and §9 difficulty levels; the Templates page filters on these. */
export const templateDifficulties = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type TemplateDifficulty = (typeof templateDifficulties)[number];

/** Where a template can run. Facebook means Messenger; the DM steps are switched to the platform's DM kind on activation. */
export const templatePlatforms = ['instagram', 'facebook', 'twitter'] as const;
export type TemplatePlatform = (typeof templatePlatforms)[number];

export const templateCategories = ['lead_generation', 'sales', 'support', 'events', 'community', 'engagement', 'retention', 'my_templates'] as const;
export type TemplateCategory = (typeof templateCategories)[number];

export const templateCategoryNames: Record<TemplateCategory, string> = {
  lead_generation: 'Lead Generation',
  sales: 'Sales',
  support: 'Customer Support',
  events: 'Events',
  community: 'Community',
  engagement: 'Engagement',
  retention: 'Retention',
  my_templates: 'My Templates',
};

export const templateTriggerTypes = ['keyword_dm', 'comment', 'story_reply', 'story_mention', 'postback', 'referral'] as const;
export type TemplateTriggerType = (typeof templateTriggerTypes)[number];

/**
 * Below this many runs a template's conversion rate says nothing, so it is null and the page shows
 * "Not enough data" instead of a number made from two runs.
 */
export const CONVERSION_MIN_RUNS = 20;

/** A template as GET /api/templates answers it (docs/product-spec.md §3 Template, plus category and the graph). */
export interface FlowTemplate {
  id: string;
  name: string;
  description: string;
  tags: string[];
  platforms: TemplatePlatform[];
  difficulty: TemplateDifficulty;
  /** Minutes, as shown on the card ("5 min setup"). */
  estimatedSetupTime: string;
  /** completed ÷ started over real runs of flows made from this template in this instance; null below CONVERSION_MIN_RUNS. */
  conversionRate: number | null;
  /** How many runs the rate is computed from (0 when none). */
  runsStarted: number;
  /** The template fills its messages from the knowledge base (business hours, returns, pricing…). */
  smartkbIntegration: boolean;
  /** Steps after the trigger. */
  steps: number;
  triggerType: TemplateTriggerType;
  category: TemplateCategory;
  /** False for templates saved from this workspace's own flows. */
  builtIn: boolean;
  flowData: FlowGraph;
}

export interface TemplateList {
  templates: FlowTemplate[];
  categories: { id: TemplateCategory; name: string; count: number }[];
}

/** '' and 'all' (the UI's "All …" options) mean no filter; anything else must be a known value. */
const optionalFilter = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(values, { error: `${what} must be one of ${values.join(', ')}` }).optional());

/** GET /api/templates query: each filter optional ('' and 'all' mean no filter). */
export const listTemplatesQuerySchema = z.object({
  category: optionalFilter(templateCategories, 'Category'),
  platform: optionalFilter(templatePlatforms, 'Platform'),
  difficulty: optionalFilter(templateDifficulties, 'Difficulty'),
});
export type ListTemplatesQuery = z.output<typeof listTemplatesQuerySchema>;

/** POST /api/templates: save one of my flows as a workspace template. */
export const saveTemplateBodySchema = z
  .object({
    flowId: z.uuid({ error: 'Choose one of your flows' }),
    name: z.string().trim().min(1, 'Name is required').max(120).optional(),
    description: z.string().trim().max(500).default(''),
    tags: z.array(z.string().trim().min(1).max(30)).max(10).default([]),
    difficulty: z.enum(templateDifficulties).default('beginner'),
  })
  .strict();

/** POST /api/templates/:id/activate: optionally which of the template's platforms to build the flow for. */
export const activateTemplateBodySchema = z.object({ platform: z.enum(templatePlatforms).optional() }).strict();

export interface ActivateTemplateResult {
  flowId: string;
  message: string;
}

/** GET /api/templates/:id/preview query: which of the template's platforms to show (default: its first). */
export const templatePreviewQuerySchema = z.object({
  platform: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(templatePlatforms, { error: `Platform must be one of ${templatePlatforms.join(', ')}` }).optional(),
  ),
});

/** Where the owner adds a missing fact, e.g. { where: 'Knowledge', path: '/knowledge' }. */
export interface TemplateVariableFix {
  where: string;
  path: string;
}

/** One `[[variable]]` a template uses, with the value this workspace would get on activation. */
export interface TemplateVariableUse {
  name: string;
  label: string;
  /** What activation fills in: the workspace's fact, or a marked placeholder / fallback when missing. */
  value: string;
  missing: boolean;
  /** Where to add the fact; null when nothing is missing. */
  fix: TemplateVariableFix | null;
}

/**
 * GET /api/templates/:id/preview: the graph exactly as activating it for `platform` would create it
 * (DM steps on that channel, variables filled from the workspace's facts; no facts when signed out).
 */
export interface TemplatePreview {
  templateId: string;
  platform: TemplatePlatform;
  /** False when signed out: the values are the ones a workspace with no facts gets. */
  signedIn: boolean;
  flowData: FlowGraph;
  variables: TemplateVariableUse[];
}

/** GET /api/templates/validate: every built-in template compiled for every platform it lists. */
export interface TemplateValidation {
  ok: boolean;
  count: number;
  problems: { templateId: string; platform: TemplatePlatform; errors: FlowError[] }[];
}

/** A saved workspace template's graph, as stored (jsonb is parsed, never cast). */
export const storedTemplateGraphSchema = flowGraphSchema;
