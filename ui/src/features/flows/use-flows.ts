import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Flow, FlowBody } from '@contracts/flows';
import { runKeys } from '../runs/runs.keys';
import { createFlow, deleteFlow, fetchFlow, fetchFlows, fetchTestContacts, startTestRun, updateFlow } from './flows.api';
import { flowKeys } from './flows.keys';

export function useFlows() {
  return useQuery({ queryKey: flowKeys.list, queryFn: fetchFlows });
}

export function useFlow(id: string | undefined) {
  return useQuery({
    queryKey: flowKeys.detail(id ?? ''),
    queryFn: () => fetchFlow(id!),
    enabled: Boolean(id),
    // The editor owns the draft: a background refetch must not look like a change.
    staleTime: Infinity,
    retry: (count, err) => !(err instanceof Error && /^404/.test(err.message)) && count < 2,
  });
}

/** POST for a new flow, PUT for a saved one; the answer becomes the cached flow. */
export function useSaveFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: FlowBody }) => (id ? updateFlow(id, body) : createFlow(body)),
    onSuccess: (flow) => {
      queryClient.setQueryData<Flow>(flowKeys.detail(flow.id), flow);
      queryClient.setQueryData<Flow[]>(flowKeys.list, (flows) => (flows ? [flow, ...flows.filter((f) => f.id !== flow.id)] : flows));
      void queryClient.invalidateQueries({ queryKey: flowKeys.list });
    },
  });
}

export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteFlow(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Flow[]>(flowKeys.list, (flows) => flows?.filter((f) => f.id !== id));
      queryClient.removeQueries({ queryKey: flowKeys.detail(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowKeys.list }),
  });
}

export function useTestContacts(flowId: string, enabled: boolean) {
  return useQuery({ queryKey: flowKeys.testContacts(flowId), queryFn: () => fetchTestContacts(flowId), enabled });
}

export function useStartTestRun(flowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) => startTestRun(flowId, contactId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: runKeys.all });
      void queryClient.invalidateQueries({ queryKey: flowKeys.list });
    },
  });
}
