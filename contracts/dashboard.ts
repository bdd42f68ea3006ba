import { z } from 'zod';

/** An IANA time zone the runtime knows (the browser's own); "today" starts at its midnight. */
const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/** GET /api/dashboard/today query: the viewer's time zone (UTC when absent). */
export const dashboardTodayQuerySchema = z.object({ tz: timeZone.default('UTC') });
export type DashboardTodayQuery = z.infer<typeof dashboardTodayQuerySchema>;

/** GET /api/dashboard/today: the workspace's figures since midnight in the viewer's zone, all counted from stored rows. */
export const dashboardTodaySchema = z.object({
  /** Start of "today" (ISO instant) the counts are taken from. */
  since: z.string(),
  /** DMs delivered today (outbound ledger `dm` rows sent); `simulated` of them went to the simulator's sandbox accounts. */
  dmsSent: z.object({ total: z.number().int(), simulated: z.number().int() }),
  /** Distinct comments that got a private or public reply today. */
  commentsAnswered: z.number().int(),
  /** Flows switched on (published and active). */
  activeFlows: z.number().int(),
  /** Comment rules switched on. */
  activeRules: z.number().int(),
  /** Sends waiting in the per-account send buckets, and when the last of them is due (null when none). */
  queued: z.object({ count: z.number().int(), eta: z.string().nullable() }),
  /** Flow runs that failed today. */
  runsFailed: z.number().int(),
});
export type DashboardToday = z.infer<typeof dashboardTodaySchema>;
