import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';
import type { FeedbackRating } from '../ai/ai.api';
import { ChatComposer } from '../ai/chat-composer';
import { FeedbackButtons } from '../ai/feedback-buttons';
import { TypingDots } from '../ai/typing-dots';
import type { SupportChatMessage } from './support-chat.replies';

interface SupportChatPanelProps {
  messages: SupportChatMessage[];
  typing: boolean;
  onSend: (text: string) => void;
  onClose: () => void;
  ratingOf: (messageId: string) => FeedbackRating | undefined;
  onRate: (messageId: string, rating: FeedbackRating) => void;
}

export function SupportChatPanel({ messages, typing, onSend, onClose, ratingOf, onRate }: SupportChatPanelProps) {
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight, behavior: 'smooth' });
  }, [messages, typing]);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  function send(text: string) {
    const trimmed = text.trim();
    if (!trimmed) return;
    onSend(trimmed);
    setDraft('');
  }

  const last = messages[messages.length - 1];
  const chips = !typing && last?.type === 'bot' ? (last.quickReplies ?? []) : [];

  return (
    <section
      role="dialog"
      aria-label="Support chat"
      className="flex h-[32rem] max-h-[calc(100vh-7rem)] w-[calc(100vw-2rem)] animate-slide-up flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl sm:w-96 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex items-center gap-3 bg-gradient-to-r from-indigo-600 to-violet-600 px-4 py-3 text-white">
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white/15">
          <Icon name="bot" size={20} />
        </span>
        <div className="flex-1">
          <p className="text-sm font-semibold">Replypilot Support</p>
          <p className="text-xs text-indigo-100">Automated helper · replies instantly</p>
        </div>
        <button type="button" onClick={onClose} aria-label="Minimize support chat" className="rounded-md p-1.5 hover:bg-white/15">
          <Icon name="x" size={18} />
        </button>
      </header>
      <div ref={listRef} className="flex-1 space-y-3 overflow-y-auto p-4" aria-live="polite">
        {messages.map((message) => (
          <div key={message.id} className={cn('flex flex-col', message.type === 'user' ? 'items-end' : 'items-start')}>
            <p
              className={cn(
                'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap',
                message.type === 'user'
                  ? 'rounded-br-sm bg-indigo-600 text-white'
                  : 'rounded-bl-sm bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
              )}
            >
              {message.content}
            </p>
            {message.rateable && <FeedbackButtons rating={ratingOf(message.id)} onRate={(rating) => onRate(message.id, rating)} />}
          </div>
        ))}
        {typing && (
          <div className="flex">
            <span className="rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-1.5 dark:bg-slate-800">
              <TypingDots label="Support is typing" />
            </span>
          </div>
        )}
      </div>
      {chips.length > 0 && (
        <div className="flex flex-wrap gap-2 px-4 pb-2">
          {chips.map((chip) => (
            <button
              key={chip}
              type="button"
              onClick={() => send(chip)}
              className="rounded-full border border-indigo-200 px-3 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 dark:border-indigo-500/40 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
            >
              {chip}
            </button>
          ))}
        </div>
      )}
      <ChatComposer
        id="support-chat-input"
        label="Message"
        sendLabel="Send message"
        value={draft}
        onChange={setDraft}
        onSend={() => send(draft)}
        placeholder="Type your message..."
        inputRef={inputRef}
        className="p-3"
      />
    </section>
  );
}
