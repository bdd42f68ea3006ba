import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveFallbackInterval } from '../../lib/use-live-events';
import { fetchOutbox, fetchSimulatorState, postSimComment, postSimMessage } from './simulator.api';
import { simulatorKeys } from './simulator.keys';

export function useSimulatorState() {
  return useQuery({ queryKey: simulatorKeys.state, queryFn: fetchSimulatorState });
}

/** What the fake platform received from our automation; refreshed by /ws "outbox.delivered". */
export function useOutbox(accountId: string | null) {
  const pollMs = useLiveFallbackInterval(5000);
  return useQuery({
    queryKey: simulatorKeys.outbox(accountId ?? ''),
    queryFn: () => fetchOutbox(accountId!),
    enabled: Boolean(accountId),
    refetchInterval: pollMs,
  });
}

export function useSimulatorActions() {
  const queryClient = useQueryClient();
  // A new contact becomes part of the simulator's contact list once the server has seen it.
  const refreshContacts = () => void queryClient.invalidateQueries({ queryKey: simulatorKeys.state });
  const comment = useMutation({ mutationFn: postSimComment, onSuccess: refreshContacts });
  const message = useMutation({ mutationFn: postSimMessage, onSuccess: refreshContacts });
  return { comment, message };
}
