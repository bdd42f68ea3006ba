import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateLeadBody, UpdateLeadBody } from '@contracts/leads';
import { createLead, deleteLead, fetchLeads, updateLead, type LeadQuery } from './leads.api';
import { leadKeys } from './leads.keys';

export function useLeads(q: LeadQuery) {
  // The previous page stays on screen while the next loads, so pagination does not flash empty.
  return useQuery({ queryKey: leadKeys.list(q), queryFn: () => fetchLeads(q), placeholderData: keepPreviousData });
}

/** Every change refetches the lists: counts, order and page totals all depend on it. */
function useLeadMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }) });
}

export const useCreateLead = () => useLeadMutation((body: CreateLeadBody) => createLead(body));
export const useUpdateLead = () => useLeadMutation(({ id, body }: { id: string; body: UpdateLeadBody }) => updateLead(id, body));
export const useDeleteLead = () => useLeadMutation((id: string) => deleteLead(id));
