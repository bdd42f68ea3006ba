import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateLeadBody } from '@contracts/leads';
import { updateLead } from '../leads/leads.api';
import { leadKeys } from '../leads/leads.keys';
import { cancelRun } from '../runs/runs.api';
import { runKeys } from '../runs/runs.keys';
import { fetchContactPanel } from './inbox.api';
import { inboxKeys } from './inbox.keys';

/** GET /api/conversations/:id/contact: the contact panel's data. */
export function useContactPanel(conversationId: string) {
  return useQuery({ queryKey: inboxKeys.contact(conversationId), queryFn: () => fetchContactPanel(conversationId) });
}

/** PATCH /api/leads/:id from the panel; the panel and the Leads page refetch. */
export function useUpdateContactLead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLeadBody }) => updateLead(id, body),
    onSettled: async () => {
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
      await queryClient.invalidateQueries({ queryKey: inboxKeys.contact(conversationId) });
    },
  });
}

/** POST /api/runs/:id/cancel (the Runs view's operator); the panel and the run lists refetch. */
export function useCancelContactRun(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => cancelRun(runId),
    onSettled: async () => {
      void queryClient.invalidateQueries({ queryKey: runKeys.all });
      await queryClient.invalidateQueries({ queryKey: inboxKeys.contact(conversationId) });
    },
  });
}
