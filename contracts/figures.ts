import { z } from 'zod';

/**
 * The figures every page shows, each one glossary term of docs/product-spec.md ("Glossary") and
 * computed in one place (db/figures/read-figures.ts) from the daily rollups. The dashboard, Analytics,
 * Comment Growth, Leads, Connect Accounts and the landing page all read them from here, so the same
 * term is the same number on every page for the same period.
 */
const count = z.number().int();

/** The calendar days a set of figures covers, in the workspace's time zone (`from` null: since the start). */
export const figurePeriodSchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  /** IANA zone the days are in; null for instance-wide figures (summed over every workspace's days). */
  timeZone: z.string().nullable(),
});
export type FigurePeriod = z.infer<typeof figurePeriodSchema>;

export const figuresSchema = z.object({
  period: figurePeriodSchema,
  /** Sends by a comment rule or a flow (private reply, public reply, DM) that the platform accepted. */
  automatedReplies: count,
  /** Comments with at least one reply sent, each counted once, on the day of its first reply. */
  commentsAnswered: count,
  /** Direct messages that came in (comments are not DMs). */
  dmsReceived: count,
  /** Direct messages (DMs and private replies) the platform accepted, whoever sent them. */
  dmsSent: count,
  /** Leads created in the period that still exist. */
  leads: count,
  /** Converted leads (with or without a value), shop sales (POST /api/conversions) and flow Track conversion steps. */
  conversions: count,
  /** Sum of the conversions' values, in cents (USD). */
  revenueCents: count,
  /** revenueCents / conversions, rounded to the cent; null with no conversions. */
  avgRevenueCents: count.nullable(),
  /** conversions / leads as "12.5%" (one decimal, "0%" with no leads). */
  conversionRate: z.string(),
  /** Flow runs that ended failed (after their retries), on the day they failed. */
  failedRuns: count,
  /** Clicks on tracked links. */
  linkClicks: count,
  /** The share of the message figures that happened on the simulator's sandbox accounts (included above). */
  simulated: z.object({ automatedReplies: count, commentsAnswered: count, dmsReceived: count, dmsSent: count }),
});
export type Figures = z.infer<typeof figuresSchema>;

/** Things that are (not things that happened): counted as they are now. */
export const automationStateSchema = z.object({
  /** Published flows that are switched on. */
  activeFlows: count,
  /** Comment rules that are switched on. */
  activeRules: count,
  /** Connected accounts that are switched on, the simulator's sandbox accounts included (`simulator` of them). */
  connectedAccounts: z.object({ total: count, simulator: count }),
  /** Sends waiting for their slot or a worker (ledger status queued), and when the last is due. */
  queuedSends: z.object({ count: count, eta: z.string().nullable() }),
});
export type AutomationState = z.infer<typeof automationStateSchema>;

/** "12.5%": one decimal, a trailing ".0" dropped; "0%" when there are no leads. */
export function formatRate(conversions: number, leads: number): string {
  if (leads === 0) return '0%';
  const pct = Math.round((conversions / leads) * 1000) / 10;
  return `${pct}%`;
}

/** Revenue per conversion in whole cents; null when nothing converted. */
export function averageCents(revenueCents: number, conversions: number): number | null {
  return conversions > 0 ? Math.round(revenueCents / conversions) : null;
}
