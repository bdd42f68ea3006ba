import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsAutomation, AnalyticsDashboard, AnalyticsRealData, AnalyticsTimeframe } from '@contracts/analytics';
import { apiGet } from '../../lib/api';

export const analyticsKeys = {
  all: ['analytics'] as const,
  dashboard: (t: AnalyticsTimeframe) => ['analytics', 'dashboard', t] as const,
  series: (t: AnalyticsTimeframe) => ['analytics', 'real-data', t] as const,
  automation: (t: AnalyticsTimeframe) => ['analytics', 'automation', t] as const,
};

/** The previous timeframe's figures stay up while the next load, so the toggle does not flash empty. */
export const useAnalyticsDashboard = (t: AnalyticsTimeframe) =>
  useQuery({
    queryKey: analyticsKeys.dashboard(t),
    queryFn: () => apiGet<AnalyticsDashboard>(`/api/analytics/dashboard?timeframe=${t}`),
    placeholderData: keepPreviousData,
  });

export const useAnalyticsSeries = (t: AnalyticsTimeframe) =>
  useQuery({
    queryKey: analyticsKeys.series(t),
    queryFn: () => apiGet<AnalyticsRealData>(`/api/analytics/real-data?timeframe=${t}`),
    placeholderData: keepPreviousData,
  });

/** Click-through per DM node / rule and median first response time (computed from the raw rows). */
export const useAnalyticsAutomation = (t: AnalyticsTimeframe) =>
  useQuery({
    queryKey: analyticsKeys.automation(t),
    queryFn: () => apiGet<AnalyticsAutomation>(`/api/analytics/automation?timeframe=${t}`),
    placeholderData: keepPreviousData,
  });
