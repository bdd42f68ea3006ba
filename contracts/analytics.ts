import { z } from 'zod';

export const analyticsTimeframes = ['7d', '30d', '90d'] as const;
export const analyticsTimeframeSchema = z.enum(analyticsTimeframes);
export type AnalyticsTimeframe = z.infer<typeof analyticsTimeframeSchema>;
export const timeframeDays: Record<AnalyticsTimeframe, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** Every analytics read: the last N UTC days, today included (default 30). */
export const analyticsQuerySchema = z.object({ timeframe: analyticsTimeframeSchema.default('30d') });

export interface AnalyticsSummary {
  totalLeads: number;
  totalConversions: number;
  /** Cents (USD). */
  totalRevenue: number;
  /** Conversions per lead created in the timeframe, as text ("12.5%"); "0%" with no leads. */
  conversionRate: string;
}

export interface RecentLead {
  id: string;
  name: string;
  source: string;
  status: string;
  value: number;
  createdAt: string;
}

export interface RecentActivity {
  id: string;
  type: string;
  message: string;
  createdAt: string;
}

/** GET /api/analytics/dashboard */
export interface AnalyticsDashboard {
  timeframe: AnalyticsTimeframe;
  summary: AnalyticsSummary;
  recentLeads: RecentLead[];
  recentActivity: RecentActivity[];
}

/** One UTC day of the rollups; every day of the timeframe is present (zeros included). */
export interface AnalyticsDay {
  day: string;
  messagesIn: number;
  messagesOut: number;
  commentsAnswered: number;
  dmsQueued: number;
  dmsSent: number;
  dmsFailed: number;
  leadsCreated: number;
  conversions: number;
  revenueCents: number;
  linkClicks: number;
}

export interface PlatformTotals {
  platform: string;
  messagesIn: number;
  messagesOut: number;
  dmsSent: number;
  leadsCreated: number;
  conversions: number;
  revenueCents: number;
}

/** Per flow: entered → completed (or failed) → converted, over the timeframe. */
export interface FlowFunnel {
  flowId: string;
  name: string;
  runsStarted: number;
  runsCompleted: number;
  runsFailed: number;
  conversions: number;
  revenueCents: number;
}

/** GET /api/analytics/summary: the totals of the timeframe. */
export interface AnalyticsSummaryResponse {
  timeframe: AnalyticsTimeframe;
  summary: AnalyticsSummary;
  totals: Omit<AnalyticsDay, 'day'>;
}

/** GET /api/analytics/real-data: the series the analytics page charts. */
export interface AnalyticsRealData {
  timeframe: AnalyticsTimeframe;
  days: AnalyticsDay[];
  platforms: PlatformTotals[];
  flows: FlowFunnel[];
}

/** Click-through of one DM node (flow), comment rule or broadcast's tracked links over the timeframe. */
export const linkCtrRowSchema = z.object({
  source: z.enum(['flow', 'rule', 'broadcast']),
  flowId: z.string().nullable(),
  nodeId: z.string().nullable(),
  ruleId: z.string().nullable(),
  broadcastId: z.string().nullable(),
  /** The flow's name, the rule's keywords, or the broadcast's name. */
  name: z.string(),
  /** Messages with a tracked link that were sent. */
  sent: z.number().int(),
  /** Of those, messages whose link was clicked at least once. */
  clickedMessages: z.number().int(),
  /** Every click (a person may click twice). */
  clicks: z.number().int(),
  /** clickedMessages / sent, 0..1; null when nothing was sent. */
  ctr: z.number().nullable(),
});
export type LinkCtrRow = z.infer<typeof linkCtrRowSchema>;

/** Time from a conversation's first inbound message to the first outbound message after it. */
export const firstResponseTimeSchema = z.object({
  medianSeconds: z.number().nullable(),
  /** Conversations answered (in the median). */
  conversations: z.number().int(),
  /** Conversations whose first message is still unanswered. */
  waiting: z.number().int(),
});
export type FirstResponseTime = z.infer<typeof firstResponseTimeSchema>;

/** GET /api/analytics/automation: the Automation tab. */
export const analyticsAutomationSchema = z.object({
  timeframe: analyticsTimeframeSchema,
  /** False when links cannot be wrapped (no PUBLIC_URL and no web server in the worker's process). */
  linkTrackingConfigured: z.boolean(),
  links: z.array(linkCtrRowSchema),
  firstResponse: firstResponseTimeSchema,
});
export type AnalyticsAutomation = z.infer<typeof analyticsAutomationSchema>;
