import { z } from 'zod';
import { boundedJson } from './json-safety';

/**
 * Flows (docs/product-spec.md §3 Flow / Flow node / Flow edge) and what the builder, compiler, interpreter, API and
 * Runs view exchange. The graph is React Flow's: nodes with `data.kind` + `data.config`, edges with
 * an optional `sourceHandle` naming the branch (condition yes/no, wait reply/timeout, randomizer).
 */

export const nodeKinds = [
  'trigger',
  'instagramDM',
  'messengerDM',
  'twitterDM',
  'publicReply',
  'delay',
  'condition',
  'waitForReply',
  'randomizer',
  'webhook',
  'addTag',
  'removeTag',
  'setField',
  'complete',
] as const;
export type NodeKind = (typeof nodeKinds)[number];

export const flowPlatforms = ['twitter', 'instagram', 'multi'] as const;
export type FlowPlatform = (typeof flowPlatforms)[number];

/** Palette metadata: label, platform and description (docs/product-spec.md §3 node kinds, plus the added ones). */
export const nodeKindInfo: Record<NodeKind, { label: string; platform: 'multi' | 'instagram' | 'twitter' | 'facebook'; description: string }> = {
  trigger: { label: 'Trigger', platform: 'multi', description: 'Start point for your automation' },
  twitterDM: { label: 'Twitter DM', platform: 'twitter', description: 'Send direct message on Twitter' },
  instagramDM: { label: 'Instagram DM', platform: 'instagram', description: 'Send direct message on Instagram' },
  messengerDM: { label: 'Messenger DM', platform: 'facebook', description: 'Send a message on Facebook Messenger' },
  publicReply: { label: 'Public Reply', platform: 'multi', description: 'Reply publicly to the triggering comment' },
  delay: { label: 'Delay Timer', platform: 'multi', description: 'Wait for specified time' },
  condition: { label: 'Conditional', platform: 'multi', description: 'Branch flow based on conditions' },
  waitForReply: { label: 'Wait for Reply', platform: 'multi', description: "Pause until the contact answers, or time out" },
  randomizer: { label: 'Randomizer', platform: 'multi', description: 'Split contacts across branches by weight (A/B test)' },
  webhook: { label: 'Webhook', platform: 'multi', description: 'Send data to external service' },
  addTag: { label: 'Add Tag', platform: 'multi', description: 'Tag the contact' },
  removeTag: { label: 'Remove Tag', platform: 'multi', description: 'Remove a tag from the contact' },
  setField: { label: 'Set Field', platform: 'multi', description: 'Save a value to a contact field' },
  complete: { label: 'Complete', platform: 'multi', description: 'End point for your automation' },
};

/** The branch names a kind's outgoing edges must carry (`sourceHandle`); null = one unnamed exit. */
export function handlesOf(kind: NodeKind, config?: unknown): string[] | null {
  if (kind === 'condition') return ['yes', 'no'];
  if (kind === 'waitForReply') return ['reply', 'timeout'];
  if (kind === 'randomizer') {
    const parsed = randomizerConfig.safeParse(config);
    return parsed.success ? parsed.data.branches.map((b) => b.key) : ['A', 'B'];
  }
  if (kind === 'complete') return [];
  return null;
}

// ---- node configuration, per kind ------------------------------------------------------------

const fieldName = z
  .string()
  .trim()
  .min(1, 'Field name is required')
  .max(50)
  .regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'Field names use letters, digits and _ and start with a letter');
const tagName = z.string().trim().min(1, 'Tag is required').max(50);

export const durationUnits = ['seconds', 'minutes', 'hours', 'days'] as const;
export const unitMs: Record<(typeof durationUnits)[number], number> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
};
export const maxDelayMs = 365 * 86_400_000;
const duration = z.object({
  amount: z.number().int('Whole numbers only').min(0, 'Must be 0 or more'),
  unit: z.enum(durationUnits),
});
export type Duration = z.infer<typeof duration>;
export const durationMs = (d: Duration) => d.amount * unitMs[d.unit];

export const triggerConfig = z.object({
  /** keyword_dm: a DM containing a keyword; comment: a comment on a post; story_reply: a reply to a story. */
  type: z.enum(['keyword_dm', 'comment', 'story_reply']),
  keywords: z.array(z.string().trim().min(1).max(100)).max(30).default([]),
  /** One connected account, or null for any account of the flow's platform. */
  accountId: z.uuid().nullable().default(null),
  /** comment triggers: a specific post id, or null for every post. */
  postId: z.string().trim().max(200).nullable().default(null),
});

const dmText = z.string().trim().min(1, 'Message text is required');
export const dmConfig = z.object({
  text: dmText.max(1000, 'Messages are limited to 1,000 characters'),
  /** Up to 13 quick replies of up to 20 characters (docs/platform-apis.md §2.5). */
  quickReplies: z.array(z.string().trim().min(1).max(20, 'Quick replies are limited to 20 characters')).max(13).default([]),
});
export const publicReplyConfig = z.object({ text: dmText.max(2200, 'Replies are limited to 2,200 characters') });
export const delayConfig = duration.refine((d) => durationMs(d) <= maxDelayMs, 'Delays are limited to 365 days');

export const conditionRule = z.object({
  subject: z.enum(['tag', 'field', 'lastMessage']),
  /** The contact field for subject 'field'. */
  field: z.string().trim().max(50).nullable().default(null),
  operator: z.enum(['has', 'not_has', 'equals', 'not_equals', 'contains', 'not_contains', 'is_set', 'is_not_set']),
  value: z.string().max(500).default(''),
});
export type ConditionRule = z.infer<typeof conditionRule>;
export const conditionConfig = z.object({
  match: z.enum(['all', 'any']).default('all'),
  rules: z.array(conditionRule).min(1, 'Add at least one rule').max(20),
});

export const waitForReplyConfig = z.object({
  timeout: duration.refine((d) => durationMs(d) > 0 && durationMs(d) <= maxDelayMs, 'Timeout must be between 1 second and 365 days'),
  /** Save the reply's text to this contact field. */
  saveAs: fieldName.nullable().default(null),
});

export const randomizerConfig = z.object({
  branches: z
    .array(z.object({ key: z.string().trim().min(1).max(10), weight: z.number().int().min(0).max(100) }))
    .min(2, 'A randomizer needs at least 2 branches')
    .max(5)
    .refine((b) => b.some((x) => x.weight > 0), 'At least one branch needs a weight above 0')
    .refine((b) => new Set(b.map((x) => x.key)).size === b.length, 'Branch names must differ'),
});

/**
 * Headers a webhook node may not set (security review F14): Host would pick a name-based virtual
 * host on whatever address the URL resolves to; the others are hop-by-hop or frame the message,
 * which the HTTP client sets from the request itself. Refused when publishing, dropped when calling.
 */
const forbiddenWebhookHeaders = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'keep-alive']);
export function isForbiddenWebhookHeader(name: string): boolean {
  const n = name.trim().toLowerCase();
  return forbiddenWebhookHeaders.has(n) || n.startsWith('proxy-');
}
const webhookHeaderName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .superRefine((key, ctx) => {
    if (isForbiddenWebhookHeader(key)) ctx.addIssue({ code: 'custom', message: `The "${key}" header can't be set on a webhook` });
  });

export const webhookConfig = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('POST'),
  url: z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL' }).max(2000),
  headers: z.array(z.object({ key: webhookHeaderName, value: z.string().max(2000) })).max(20).default([]),
  /** JSON body template; `{first_name}`-style variables are filled in (JSON-escaped) before sending. */
  body: z.string().max(10_000).default(''),
  /** Save the response body (parsed JSON or text) to this contact field. */
  saveResponseTo: fieldName.nullable().default(null),
});

export const tagConfig = z.object({ tag: tagName });
export const setFieldConfig = z.object({ field: fieldName, value: z.string().max(2000) });
export const completeConfig = z.object({}).loose();

export const nodeConfigSchemas = {
  trigger: triggerConfig,
  instagramDM: dmConfig,
  messengerDM: dmConfig,
  twitterDM: dmConfig,
  publicReply: publicReplyConfig,
  delay: delayConfig,
  condition: conditionConfig,
  waitForReply: waitForReplyConfig,
  randomizer: randomizerConfig,
  webhook: webhookConfig,
  addTag: tagConfig,
  removeTag: tagConfig,
  setField: setFieldConfig,
  complete: completeConfig,
} satisfies Record<NodeKind, z.ZodType>;

export type NodeConfig<K extends NodeKind> = z.infer<(typeof nodeConfigSchemas)[K]>;

/** A fresh node's configuration (what the palette drops on the canvas). */
export function defaultConfig(kind: NodeKind): Record<string, unknown> {
  switch (kind) {
    case 'trigger':
      return { type: 'keyword_dm', keywords: [], accountId: null, postId: null };
    case 'instagramDM':
    case 'messengerDM':
    case 'twitterDM':
      return { text: '', quickReplies: [] };
    case 'publicReply':
      return { text: '' };
    case 'delay':
      return { amount: 1, unit: 'hours' };
    case 'condition':
      return { match: 'all', rules: [{ subject: 'tag', field: null, operator: 'has', value: '' }] };
    case 'waitForReply':
      return { timeout: { amount: 1, unit: 'days' }, saveAs: null };
    case 'randomizer':
      return { branches: [{ key: 'A', weight: 50 }, { key: 'B', weight: 50 }] };
    case 'webhook':
      return { method: 'POST', url: '', headers: [], body: '', saveResponseTo: null };
    case 'addTag':
    case 'removeTag':
      return { tag: '' };
    case 'setField':
      return { field: '', value: '' };
    case 'complete':
      return {};
  }
}

// ---- the graph (React Flow shape) --------------------------------------------------------------

export const flowNodeSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.string().max(40).default('default'),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  data: z.object({
    label: z.string().max(100).default(''),
    /** Missing on legacy nodes: the compiler then reads it from the label ("Start" = trigger). */
    kind: z.enum(nodeKinds).optional(),
    platform: z.string().max(20).optional(),
    /**
     * Validated per kind by the compiler, so a half-configured draft can still be saved; bounded
     * here because a draft is serialised as is (5,000 levels overflowed JSON.stringify: review F9).
     */
    config: boundedJson(z.record(z.string(), z.unknown())).default({}),
  }),
  style: boundedJson(z.record(z.string(), z.unknown())).optional(),
});
export type FlowNode = z.infer<typeof flowNodeSchema>;

export const flowEdgeSchema = z.object({
  id: z.string().min(1).max(140).optional(),
  source: z.string().min(1).max(64),
  target: z.string().min(1).max(64),
  sourceHandle: z.string().max(20).nullish(),
  targetHandle: z.string().max(20).nullish(),
});
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

export const flowGraphSchema = z.object({
  nodes: z.array(flowNodeSchema).max(500, 'A flow has at most 500 nodes'),
  edges: z.array(flowEdgeSchema).max(2000),
});
export type FlowGraph = z.infer<typeof flowGraphSchema>;

/** POST /api/flows and PUT /api/flows/:id (docs/product-spec.md §7). isActive true publishes: compile → version. */
export const flowBodySchema = z.object({
  name: z.string().trim().max(120).default('Untitled Flow').transform((n) => n || 'Untitled Flow'),
  description: z.string().max(1000).default(''),
  platform: z.enum(flowPlatforms).default('multi'),
  flowData: flowGraphSchema,
  isActive: z.boolean().default(false),
});
export type FlowBody = z.input<typeof flowBodySchema>;

export const validateFlowBodySchema = z.object({ flowData: flowGraphSchema });

/** One compiler finding; nodeId null = about the whole flow. */
export interface FlowError {
  nodeId: string | null;
  edgeId?: string | null;
  code: FlowErrorCode;
  message: string;
}
export type FlowErrorCode =
  | 'no_trigger'
  | 'multiple_triggers'
  | 'unknown_kind'
  | 'invalid_config'
  | 'dangling_edge'
  | 'unreachable'
  | 'missing_branch'
  | 'unknown_branch'
  | 'multiple_exits'
  | 'cycle_without_wait'
  | 'trigger_has_input'
  | 'channel_mismatch'
  | 'public_reply_needs_comment'
  | 'outside_window';

/** POST /api/flows/validate answer; also `details` of a 400 when publishing an invalid flow. */
export interface FlowValidation {
  valid: boolean;
  errors: FlowError[];
}

/** A flow as the API answers it (docs/product-spec.md §7 shape plus versioning and counts). */
export interface Flow {
  id: string;
  name: string;
  description: string;
  platform: FlowPlatform;
  isActive: boolean;
  flowData: FlowGraph;
  /** Highest published version number, null if never published. */
  publishedVersion: number | null;
  /** True when the saved graph differs from the published version (edits since the last Start). */
  hasUnpublishedChanges: boolean;
  runCounts: Partial<Record<RunStatus, number>>;
  createdAt: string;
  updatedAt: string;
}

// ---- runs ------------------------------------------------------------------------------------

export const runStatuses = ['running', 'waiting', 'sleeping', 'completed', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof runStatuses)[number];

export const listRunsQuerySchema = z.object({
  flowId: z.uuid().optional(),
  status: z.enum(runStatuses).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export interface RunSummary {
  id: string;
  flowId: string;
  flowName: string;
  version: number;
  status: RunStatus;
  contact: { id: string; name: string; username: string | null };
  /** What the run is doing or why it stopped: "Waiting for reply until …", "Sending at 10:42 (rate limit)", the error. */
  statusDetail: string | null;
  currentNodeId: string | null;
  stepCount: number;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** Sleeping/waiting runs: when they resume on their own. */
  resumeAt: string | null;
}

export interface RunStep {
  id: string;
  seq: number;
  nodeId: string;
  kind: NodeKind;
  label: string;
  status: 'running' | 'completed' | 'failed' | 'waiting' | 'sleeping' | 'skipped';
  input: unknown;
  output: unknown;
  error: string | null;
  attempts: number;
  startedAt: string;
  finishedAt: string | null;
}

export interface RunDetail extends RunSummary {
  error: string | null;
  steps: RunStep[];
  /** The graph of the pinned version, for drawing the timeline against the nodes. */
  flowData: FlowGraph;
}

export interface RunList {
  runs: RunSummary[];
  nextCursor: string | null;
}

/** POST /api/flows/:id/test-run: start a run now for one sandbox contact. */
export const testRunBodySchema = z.object({ contactId: z.uuid() });

/** GET /api/flows/:id/test-contacts: the sandbox contacts a test run can be started for. */
export interface TestContact {
  id: string;
  name: string;
  username: string | null;
  accountId: string;
  platform: 'instagram' | 'facebook' | 'twitter';
}
