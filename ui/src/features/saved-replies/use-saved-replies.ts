import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSavedReplyBody, UpdateSavedReplyBody } from '@contracts/saved-replies';
import { createSavedReply, deleteSavedReply, fetchSavedReplies, updateSavedReply } from './saved-replies.api';

export const savedRepliesKey = ['saved-replies'] as const;

export function useSavedReplies(enabled = true) {
  return useQuery({ queryKey: savedRepliesKey, queryFn: fetchSavedReplies, enabled, staleTime: 30_000 });
}

function useSavedReplyMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: savedRepliesKey }) });
}

export const useCreateSavedReply = () => useSavedReplyMutation((body: CreateSavedReplyBody) => createSavedReply(body));
export const useUpdateSavedReply = () => useSavedReplyMutation(({ id, body }: { id: string; body: UpdateSavedReplyBody }) => updateSavedReply(id, body));
export const useDeleteSavedReply = () => useSavedReplyMutation((id: string) => deleteSavedReply(id));
