import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/icon';
import { useCurrentUser } from '../auth/use-current-user';
import {
  accessLevelFor,
  cannedReplyFor,
  DEFAULT_QUICK_REPLIES,
  greetingFor,
  replyDelayMs,
  type SupportChatMessage,
} from './support-chat.replies';
import { SupportChatPanel } from './support-chat-panel';

let nextMessageId = 0;
const newId = () => `m${++nextMessageId}`;

/** Floating support chat on the landing page (docs/product-spec.md §2, §4). Replies are local canned answers. */
export function SupportChatWidget() {
  const { user, isAuthenticated } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<SupportChatMessage[]>([]);
  const [typing, setTyping] = useState(false);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  function openPanel() {
    if (messages.length === 0) {
      const level = accessLevelFor(user?.subscriptionTier, isAuthenticated);
      setMessages([
        {
          id: newId(),
          type: 'bot',
          content: greetingFor(level, user?.firstName),
          timestamp: new Date(),
          quickReplies: DEFAULT_QUICK_REPLIES,
        },
      ]);
    }
    setOpen(true);
  }

  function send(text: string) {
    setMessages((prev) => [...prev, { id: newId(), type: 'user', content: text, timestamp: new Date() }]);
    setTyping(true);
    const timer = window.setTimeout(() => {
      const { reply, quickReplies } = cannedReplyFor(text);
      setMessages((prev) => [
        ...prev,
        { id: newId(), type: 'bot', content: reply, timestamp: new Date(), quickReplies },
      ]);
      setTyping(false);
    }, replyDelayMs());
    timers.current.push(timer);
  }

  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
      {open && <SupportChatPanel messages={messages} typing={typing} onSend={send} onClose={() => setOpen(false)} />}
      <button
        type="button"
        onClick={() => (open ? setOpen(false) : openPanel())}
        aria-label={open ? 'Close support chat' : 'Open support chat'}
        aria-expanded={open}
        className="flex h-14 w-14 items-center justify-center rounded-full bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-lg shadow-indigo-500/30 transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        <Icon name={open ? 'x' : 'message'} size={24} />
      </button>
    </div>
  );
}
