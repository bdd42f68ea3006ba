import { z } from 'zod';
import type { Figures } from './figures';

export const analyticsTimeframes = ['7d', '30d', '90d'] as const;
export const analyticsTimeframeSchema = z.enum(analyticsTimeframes);
export type AnalyticsTimeframe = z.infer<typeof analyticsTimeframeSchema>;
export const timeframeDays: Record<AnalyticsTimeframe, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** Every analytics read: the last N calendar days in the workspace's time zone, today included (default 30). */
export const analyticsQuerySchema = z.object({ timeframe: analyticsTimeframeSchema.default('30d') });

/**
 * docs/product-spec.md §7's summary (its four cards: Total Leads, Conversions, Revenue, Avg. Revenue),
 * each field a glossary figure of the timeframe (contracts/figures.ts), renamed, never recomputed.
 */
export interface AnalyticsSummary {
  /** Figures.leads */
  totalLeads: number;
  /** Figures.conversions */
  totalConversions: number;
  /** Figures.revenueCents: cents (USD). */
  totalRevenue: number;
  /** Figures.avgRevenueCents: cents (USD); null with no conversions. */
  avgRevenue: number | null;
  /** Figures.conversionRate: conversions per lead created in the timeframe, as text ("12.5%"); "0%" with no leads. */
  conversionRate: string;
}

export function toSummary(f: Figures): AnalyticsSummary {
  return {
    totalLeads: f.leads,
    totalConversions: f.conversions,
    totalRevenue: f.revenueCents,
    avgRevenue: f.avgRevenueCents,
    conversionRate: f.conversionRate,
  };
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
  /** Every glossary figure of the timeframe; `summary` is four of them. */
  figures: Figures;
  recentLeads: RecentLead[];
  recentActivity: RecentActivity[];
}

/** One day of the rollups (in the workspace's time zone); every day of the timeframe is present (zeros included). */
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
  /** Glossary "automated reply": rule and flow sends that reached sent. */
  automatedReplies: number;
}

export interface PlatformTotals {
  /** instagram, facebook, twitter, 'simulator' (the sandbox accounts) or 'none' (no account: manual leads). */
  platform: string;
  messagesIn: number;
  messagesOut: number;
  dmsSent: number;
  automatedReplies: number;
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

/** GET /api/analytics/summary: the timeframe's figures. */
export interface AnalyticsSummaryResponse {
  timeframe: AnalyticsTimeframe;
  summary: AnalyticsSummary;
  figures: Figures;
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
