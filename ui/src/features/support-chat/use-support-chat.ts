import { useEffect, useRef, useState } from 'react';
import { accessLevelFor } from '@contracts/ai';
import { useCurrentUser } from '../auth/use-current-user';
import { postSupportChat } from '../ai/ai.api';
import {
  cannedReplyFor,
  DEFAULT_QUICK_REPLIES,
  greetingFor,
  PARTNER_TIP_DELAY_MS,
  partnerTipFor,
  replyDelayMs,
  type SupportChatMessage,
} from './support-chat.replies';

let nextMessageId = 0;
const newId = () => `m${++nextMessageId}`;

/** How long the widget waits for POST /api/chat/gemini before answering locally. */
const AI_TIMEOUT_MS = 15_000;

/**
 * docs/product-spec.md §4 "Support chat": the user message, a typing indicator, then the AI's reply;
 * if the AI call fails in any way (503, network, timeout) or finds nothing (mode 'none') a local
 * keyword reply appears after 800 ms plus up to 400 ms (§8).
 */
export function useSupportChat() {
  const { user, isAuthenticated } = useCurrentUser();
  const [messages, setMessages] = useState<SupportChatMessage[]>([]);
  const [typing, setTyping] = useState(false);
  const timers = useRef<number[]>([]);
  // Feedback rows name the widget's conversation; it exists only in this browser tab.
  // (getRandomValues, not randomUUID: the latter is missing on plain-http self-hosted instances.)
  const [conversationId] = useState(() => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''));

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const later = (ms: number, fn: () => void) => timers.current.push(window.setTimeout(fn, ms));
  const addBot = (message: Omit<SupportChatMessage, 'id' | 'type' | 'timestamp'>) =>
    setMessages((prev) => [...prev, { id: newId(), type: 'bot', timestamp: new Date(), ...message }]);

  function greet() {
    if (messages.length > 0) return;
    const level = accessLevelFor(user?.subscriptionTier, isAuthenticated);
    addBot({ content: greetingFor(level, user?.firstName), quickReplies: DEFAULT_QUICK_REPLIES });
  }

  function afterReply(text: string) {
    setTyping(false);
    const tip = partnerTipFor(text);
    if (tip) later(PARTNER_TIP_DELAY_MS, () => addBot({ content: tip.reply, quickReplies: tip.quickReplies }));
  }

  function send(text: string) {
    setMessages((prev) => [...prev, { id: newId(), type: 'user', content: text, timestamp: new Date() }]);
    setTyping(true);
    const answerLocally = () =>
      later(replyDelayMs(), () => {
        const { reply, quickReplies } = cannedReplyFor(text);
        addBot({ content: reply, quickReplies, rateable: true });
        afterReply(text);
      });
    postSupportChat(text, AI_TIMEOUT_MS).then((answer) => {
      // No product fact matched (mode 'none'): the widget's own keyword replies know more (§4).
      if (answer.mode === 'none') return answerLocally();
      addBot({ content: answer.response, rateable: true });
      afterReply(text);
    }, answerLocally);
  }

  return { messages, typing, greet, send, conversationId };
}
