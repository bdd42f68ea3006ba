import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';
import { cn } from '../../lib/cn';
import {
  ASSISTANT_GREETING,
  ASSISTANT_NOT_CONFIGURED,
  ASSISTANT_STARTERS,
  type AssistantMessage,
} from './assistant-chat.messages';

let counter = 0;
const newId = () => `a${++counter}`;

interface AssistantChatPanelProps {
  signedIn: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** docs/product-spec.md §2 "AI assistant chat panel": 600px card, greeting, starter chips that only fill the input. */
export function AssistantChatPanel({ signedIn, inputRef }: AssistantChatPanelProps) {
  const [messages, setMessages] = useState<AssistantMessage[]>(() => [
    { id: newId(), role: 'assistant', content: ASSISTANT_GREETING, timestamp: new Date() },
  ]);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight, behavior: 'smooth' });
  }, [messages]);

  function send() {
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    setMessages((prev) => [
      ...prev,
      { id: newId(), role: 'user', content: text, timestamp: new Date() },
      { id: newId(), role: 'assistant', content: ASSISTANT_NOT_CONFIGURED, timestamp: new Date() },
    ]);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  }

  return (
    <Card className="flex h-[600px] flex-col overflow-hidden">
      <header className="flex items-center gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-500 text-white">
          <Icon name="bot" size={18} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900 dark:text-white">
            AI Automation Assistant
            {!signedIn && (
              <span className="text-sm font-normal text-slate-500"> (Limited access - log in for full features)</span>
            )}
          </h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">Flows, DM sequences, fixes and A/B tests</p>
        </div>
        <Badge tone="success">
          <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" aria-hidden="true" /> Live
        </Badge>
      </header>
      <div ref={listRef} className="flex-1 space-y-4 overflow-y-auto px-5 py-4" aria-live="polite">
        {messages.map((message) => (
          <div key={message.id} className={cn('flex gap-3', message.role === 'user' && 'flex-row-reverse')}>
            {message.role === 'assistant' && (
              <span className="mt-1 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
                <Icon name="sparkles" size={14} />
              </span>
            )}
            <div
              className={cn(
                'max-w-[80%] rounded-2xl px-4 py-2.5 text-sm whitespace-pre-wrap',
                message.role === 'user'
                  ? 'rounded-tr-sm bg-indigo-600 text-white'
                  : 'rounded-tl-sm bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
              )}
            >
              {message.content}
              <time className={cn('mt-1 block text-[11px]', message.role === 'user' ? 'text-indigo-200' : 'text-slate-400')}>
                {message.timestamp.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
              </time>
            </div>
          </div>
        ))}
      </div>
      <div className="flex flex-wrap gap-2 px-5 pb-3">
        {ASSISTANT_STARTERS.map((starter) => (
          <button
            key={starter}
            type="button"
            onClick={() => setDraft(starter)}
            className="rounded-full border border-slate-200 px-3 py-1 text-xs font-medium text-slate-600 hover:border-indigo-300 hover:text-indigo-700 dark:border-slate-700 dark:text-slate-300 dark:hover:border-indigo-500/50 dark:hover:text-indigo-300"
          >
            {starter}
          </button>
        ))}
      </div>
      <div className="flex items-end gap-2 border-t border-slate-200 px-5 py-4 dark:border-slate-800">
        <label htmlFor="assistant-input" className="sr-only">
          Ask the assistant
        </label>
        <textarea
          id="assistant-input"
          ref={inputRef}
          rows={1}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={handleKeyDown}
          placeholder="Type your question..."
          className={inputClasses(false, 'max-h-32 min-h-10 resize-none')}
        />
        <button
          type="button"
          onClick={send}
          disabled={!draft.trim()}
          aria-label="Send question"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white hover:bg-indigo-500 disabled:opacity-40"
        >
          <Icon name="send" size={16} />
        </button>
      </div>
      <p className="px-5 pb-3 text-[11px] text-slate-400">
        AI answers need an AI provider configured on the server. Enter sends, Shift+Enter adds a line.
      </p>
    </Card>
  );
}
