import { useQuery } from '@tanstack/react-query';
import { fetchAutomationActivity, fetchAutomationActivityCount } from './automation.api';
import { automationKeys } from './automation.keys';

const POLL_MS = 10_000; // docs/product-spec.md §9: activity polled every 10 s

export function useAutomationActivity() {
  return useQuery({ queryKey: automationKeys.activity, queryFn: fetchAutomationActivity, refetchInterval: POLL_MS });
}

export function useAutomationActivityCount() {
  return useQuery({
    queryKey: automationKeys.activityCount,
    queryFn: fetchAutomationActivityCount,
    refetchInterval: POLL_MS,
  });
}
