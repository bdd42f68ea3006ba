import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FlowError, FlowGraph } from '../../../../../contracts/flows';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { validateFlow } from '../flows.api';
import { flowKeys } from '../flows.keys';
import { structureKey } from '../graph/flow-graph';

const NO_ERRORS: FlowError[] = [];

/**
 * POST /api/flows/validate ~400 ms after the graph stops changing. Moving a node does not count as
 * a change (the key leaves positions out). `errors` is null until a first answer arrives, and when
 * the check itself failed — the server still checks again on Start.
 */
export function useFlowValidation(graph: FlowGraph) {
  const debounced = useDebouncedValue(graph, 400);
  const key = useMemo(() => structureKey(debounced), [debounced]);
  const query = useQuery({
    queryKey: flowKeys.validation(key),
    queryFn: () => validateFlow(debounced),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
  const stale = key !== structureKey(graph) || query.isPlaceholderData;
  return {
    errors: query.isError ? null : (query.data?.errors ?? (query.data ? NO_ERRORS : null)),
    checking: query.isFetching || stale,
  };
}
