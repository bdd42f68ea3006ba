import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveFallbackInterval } from '../../lib/use-live-events';
import { fetchOutbox, fetchSimulatorState, postSimComment, postSimMessage } from './simulator.api';
import { simulatorKeys } from './simulator.keys';

export function useSimulatorState() {
  return useQuery({ queryKey: simulatorKeys.state, queryFn: fetchSimulatorState });
}

/**
 * What the fake platform received from our automation; refreshed by /ws "outbox.delivered". A new
 * delivery (an opt-out confirmation among them) also refreshes the contacts' opt-out marks.
 */
export function useOutbox(accountId: string | null) {
  const pollMs = useLiveFallbackInterval(5000);
  const queryClient = useQueryClient();
  const outbox = useQuery({
    queryKey: simulatorKeys.outbox(accountId ?? ''),
    queryFn: () => fetchOutbox(accountId!),
    enabled: Boolean(accountId),
    refetchInterval: pollMs,
  });
  const newest = outbox.data?.[0]?.id;
  useEffect(() => {
    if (newest) void queryClient.invalidateQueries({ queryKey: simulatorKeys.state });
  }, [newest, queryClient]);
  return outbox;
}

export function useSimulatorActions() {
  const queryClient = useQueryClient();
  // A new contact becomes part of the simulator's contact list once the server has seen it.
  const refreshContacts = () => void queryClient.invalidateQueries({ queryKey: simulatorKeys.state });
  const comment = useMutation({ mutationFn: postSimComment, onSuccess: refreshContacts });
  const message = useMutation({ mutationFn: postSimMessage, onSuccess: refreshContacts });
  return { comment, message };
}
