import type { AnalyticsAutomation, AnalyticsDashboard, AnalyticsRealData, AnalyticsSummaryResponse } from '../../../contracts/analytics';
import { analyticsAutomationSchema, analyticsQuerySchema, timeframeDays, toSummary } from '../../../contracts/analytics';
import { readFirstResponseTime } from '../../../db/analytics/read-first-response';
import { readLinkCtr } from '../../../db/analytics/read-link-ctr';
import { readDailySeries, readFlowFunnels, readPlatformTotals } from '../../../db/analytics/read-analytics';
import { readFigures } from '../../../db/figures/read-figures';
import type { AnalyticsEntryLinks } from '../../../contracts/growth';
import { listGrowthLinks } from '../../../db/growth/growth-links';
import { readRecentActivity, readRecentLeads } from '../../../db/analytics/read-recent';
import type { Reads } from '../../http/read-your-writes';
import { authedRouter, currentUser } from '../../http/routers';
import { parseQuery } from '../../http/validate';

/**
 * Analytics (docs/product-spec.md §2), mounted at /api/analytics: figures from the daily rollups only,
 * the timeframe's totals through db/figures (the glossary's one definition of each). Read from the
 * read replica when there is one (ADR 0039).
 */
export function analyticsRoutes(reads: Reads, linkTrackingConfigured = true, clock: () => Date = () => new Date()) {
  const router = authedRouter('workspace:read');

  router.get('/dashboard', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const { timeframe } = parseQuery(analyticsQuerySchema, req);
    const pool = await reads.for(req);
    const [figures, recentLeads, recentActivity] = await Promise.all([
      readFigures(pool, workspaceId, { kind: 'days', days: timeframeDays[timeframe] }, clock()),
      readRecentLeads(pool, workspaceId),
      readRecentActivity(pool, workspaceId),
    ]);
    const body: AnalyticsDashboard = { timeframe, summary: toSummary(figures), figures, recentLeads, recentActivity };
    res.json(body);
  });

  router.get('/summary', async (req, res) => {
    const { timeframe } = parseQuery(analyticsQuerySchema, req);
    const figures = await readFigures(await reads.for(req), currentUser(req).workspaceId, { kind: 'days', days: timeframeDays[timeframe] }, clock());
    const body: AnalyticsSummaryResponse = { timeframe, summary: toSummary(figures), figures };
    res.json(body);
  });

  router.get('/real-data', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const { timeframe } = parseQuery(analyticsQuerySchema, req);
    const days = timeframeDays[timeframe];
    const pool = await reads.for(req);
    const [series, platforms, flows] = await Promise.all([
      readDailySeries(pool, workspaceId, days),
      readPlatformTotals(pool, workspaceId, days),
      readFlowFunnels(pool, workspaceId, days),
    ]);
    const body: AnalyticsRealData = { timeframe, days: series, platforms, flows };
    res.json(body);
  });

  router.get('/automation', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const { timeframe } = parseQuery(analyticsQuerySchema, req);
    const days = timeframeDays[timeframe];
    const pool = await reads.for(req);
    const [links, firstResponse] = await Promise.all([readLinkCtr(pool, workspaceId, days), readFirstResponseTime(pool, workspaceId, days)]);
    const body: AnalyticsAutomation = analyticsAutomationSchema.parse({ timeframe, linkTrackingConfigured, links, firstResponse });
    res.json(body);
  });

  // Starts per growth link in the timeframe: the Growth links page's own query (db/growth/growth-links.ts).
  router.get('/entry-links', async (req, res) => {
    const { timeframe } = parseQuery(analyticsQuerySchema, req);
    const links = await listGrowthLinks(await reads.for(req), currentUser(req).workspaceId, null, timeframeDays[timeframe]);
    const body: AnalyticsEntryLinks = {
      timeframe,
      links: links.map(({ id, name, accountLabel, platform, flowName, ref, starts }) => ({ id, name, accountLabel, platform, flowName, ref, starts })),
    };
    res.json(body);
  });

  return router;
}
