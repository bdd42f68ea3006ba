import { useEffect, useRef } from 'react';
import type { Conversation } from '@contracts/inbox';
import { useUpdateConversation } from './use-conversation-mutations';

/** Opening a conversation with unread messages marks it read (PATCH {read: true}), once per new message. */
export function useMarkRead(conversation: Conversation | null) {
  const { mutate } = useUpdateConversation();
  const done = useRef<string | null>(null);
  const id = conversation?.id;
  const unread = conversation?.unreadCount ?? 0;
  const last = conversation?.lastMessageTime ?? '';
  useEffect(() => {
    if (!id || unread <= 0) return;
    const key = `${id}:${last}:${unread}`;
    if (done.current === key) return;
    done.current = key;
    mutate({ id, patch: { read: true } });
  }, [id, unread, last, mutate]);
}
