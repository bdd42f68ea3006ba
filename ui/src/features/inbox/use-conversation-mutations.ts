import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Conversation, ConversationsPage, MessagesPage } from '@contracts/inbox';
import { sendMessage, updateConversation, type ConversationPatch } from './inbox.api';
import { appendMessage, replaceConversation } from './inbox.helpers';
import { inboxKeys } from './inbox.keys';

type ListData = InfiniteData<ConversationsPage, string | undefined>;
type ThreadData = InfiniteData<MessagesPage, string | undefined>;

function useApplyConversation() {
  const queryClient = useQueryClient();
  return (updated: Conversation) => {
    queryClient.setQueriesData<ListData>({ queryKey: inboxKeys.lists }, (data) => replaceConversation(data, updated));
    queryClient.setQueryData(inboxKeys.detail(updated.id), updated);
  };
}

/** PATCH /api/conversations/:id; the cached rows update at once, then the lists refetch. */
export function useUpdateConversation() {
  const queryClient = useQueryClient();
  const apply = useApplyConversation();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ConversationPatch }) => updateConversation(id, patch),
    onSuccess: (updated) => {
      apply(updated);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists });
    },
  });
}

/** POST /api/conversations/:id/messages; the message shows at once (queued), the list refetches. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, content }: { conversationId: string; content: string }) => sendMessage(conversationId, content),
    onSuccess: ({ message }, { conversationId }) => {
      queryClient.setQueryData<ThreadData>(inboxKeys.messages(conversationId), (data) => appendMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(conversationId) });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists });
      // The reply took the conversation over (contracts/takeover.ts): the thread's owner changed.
      void queryClient.invalidateQueries({ queryKey: inboxKeys.detail(conversationId) });
    },
  });
}
