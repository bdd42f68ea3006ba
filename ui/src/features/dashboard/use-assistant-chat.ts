import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { postKbChat } from '../ai/ai.api';
import { describeAiFailure } from '../ai/ai.format';
import { ASSISTANT_GREETING, type AssistantMessage } from './assistant-chat.messages';

let counter = 0;
const newId = () => `a${++counter}`;

/**
 * docs/product-spec.md §4 "Dashboard assistant": sending is blocked while a reply is pending or the
 * input is blank; it returns to idle on reply or failure (§8 toasts). Answers from POST /api/kb/chat.
 */
export function useAssistantChat() {
  const { toast } = useToast();
  const conversationId = useRef<string | undefined>(undefined);
  const [messages, setMessages] = useState<AssistantMessage[]>(() => [{ id: newId(), role: 'assistant', content: ASSISTANT_GREETING, timestamp: new Date() }]);
  const mutation = useMutation({
    mutationFn: (message: string) =>
      postKbChat({ message, platform: 'general', ...(conversationId.current ? { conversationId: conversationId.current } : {}) }),
    onSuccess: (answer) => {
      conversationId.current = answer.conversationId;
      setMessages((prev) => [...prev, { id: newId(), role: 'assistant', content: answer.response, timestamp: new Date(), answer }]);
    },
    onError: (err) => {
      const failure = describeAiFailure(err, "Couldn't reach the automation assistant. Please try again.");
      toast({ title: failure.title, description: failure.description, variant: 'destructive' });
    },
  });

  function send(text: string): boolean {
    const message = text.trim();
    if (!message || mutation.isPending) return false;
    setMessages((prev) => [...prev, { id: newId(), role: 'user', content: message, timestamp: new Date() }]);
    mutation.mutate(message);
    return true;
  }

  const last = messages.at(-1);
  return { messages, send, pending: mutation.isPending, lastAnswer: last?.answer };
}
