import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatPlatform, KbChatResponse } from '@contracts/ai';
import { useToast } from '../../components/toast/use-toast';
import { streamKbChat } from '../ai/ai.api';
import { describeAiFailure } from '../ai/ai.format';

export interface ChatTurn {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** The server's answer, once its `done` event arrived. */
  answer?: KbChatResponse;
  streaming?: boolean;
  /** No answer came: the text is the reason or the §8 fallback question. */
  failed?: boolean;
}

// docs/product-spec.md §8 "AI page chat failure": a bot message asking about the biggest challenge.
export const FALLBACK_QUESTION =
  "I couldn't reach the assistant just now. While it reconnects: what's the biggest challenge with your comment and DM automations right now?";

let counter = 0;
const newId = () => `t${++counter}`;

/** One /ai-chat conversation: streams each answer token by token from POST /api/kb/chat/stream. */
export function useKbChat(platform: ChatPlatform) {
  const { toast } = useToast();
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [pending, setPending] = useState(false);
  const conversationId = useRef<string | undefined>(undefined);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(
    async (message: string) => {
      const text = message.trim();
      if (!text || pending) return;
      const answerId = newId();
      setPending(true);
      setTurns((prev) => [...prev, { id: newId(), role: 'user', text }, { id: answerId, role: 'assistant', text: '', streaming: true }]);
      const update = (fn: (turn: ChatTurn) => ChatTurn) => setTurns((prev) => prev.map((turn) => (turn.id === answerId ? fn(turn) : turn)));
      abort.current = new AbortController();
      try {
        const answer = await streamKbChat(
          { message: text, platform, ...(conversationId.current ? { conversationId: conversationId.current } : {}) },
          (token) => update((turn) => ({ ...turn, text: turn.text + token })),
          abort.current.signal,
        );
        conversationId.current = answer.conversationId;
        update((turn) => ({ ...turn, text: answer.response, answer, streaming: false }));
      } catch (err) {
        if (abort.current.signal.aborted) return;
        const failure = describeAiFailure(err, 'Let me try to help you another way');
        toast({ title: failure.title, description: failure.description, variant: 'destructive' });
        update((turn) => ({ ...turn, text: failure.answered ? failure.description : FALLBACK_QUESTION, streaming: false, failed: true }));
      } finally {
        setPending(false);
      }
    },
    [pending, platform, toast],
  );

  const lastAnswer = [...turns].reverse().find((turn) => turn.answer)?.answer;
  return { turns, pending, send, lastAnswer };
}
