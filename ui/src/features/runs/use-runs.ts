import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelRun, fetchRun, fetchRuns, replayRun, retryRun } from './runs.api';
import { anyActive, flattenRuns, isActiveStatus, type RunFilters } from './runs.helpers';
import { runKeys } from './runs.keys';

const POLL_MS = 5000;

/**
 * GET /api/runs, keyset-paged ("Load more"). /ws `run.updated` events refresh it; as a fallback it
 * polls every 5 s while a run on screen is still running, waiting or sleeping.
 */
export function useRunList(filters: RunFilters) {
  return useInfiniteQuery({
    queryKey: runKeys.list(filters),
    queryFn: ({ pageParam }) => fetchRuns(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) => (anyActive(flattenRuns(query.state.data?.pages)) ? POLL_MS : false),
  });
}

export function useRun(id: string) {
  return useQuery({
    queryKey: runKeys.detail(id),
    queryFn: () => fetchRun(id),
    refetchInterval: (query) => (query.state.data && isActiveStatus(query.state.data.status) ? POLL_MS : false),
    retry: (count, err) => !(err instanceof Error && /^404/.test(err.message)) && count < 2,
  });
}

type RunAction = 'retry' | 'replay' | 'cancel';
const actions = { retry: retryRun, replay: replayRun, cancel: cancelRun } satisfies Record<RunAction, unknown>;

/** Retry / Replay / Cancel; every run list and detail is refreshed after. */
export function useRunAction(action: RunAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => actions[action](id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: runKeys.all }),
  });
}
