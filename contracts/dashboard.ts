import { z } from 'zod';
import { automationStateSchema, figuresSchema } from './figures';

/**
 * GET /api/dashboard/today: today's glossary figures (docs/product-spec.md, Glossary) — today is the
 * calendar day in the workspace's time zone — and what is switched on and waiting now. The same
 * definitions as Analytics, Leads and Comment Growth (db/figures/).
 */
export const dashboardTodaySchema = z.object({
  figures: figuresSchema,
  state: automationStateSchema,
});
export type DashboardToday = z.infer<typeof dashboardTodaySchema>;
