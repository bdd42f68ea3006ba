import { useEffect, useRef, useState, type Ref } from 'react';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { ChatComposer } from '../ai/chat-composer';
import { TypingDots } from '../ai/typing-dots';
import { useAiFeedback } from '../ai/use-ai-feedback';
import { useAiStatus } from '../ai/use-ai-status';
import { ASSISTANT_STARTERS } from './assistant-chat.messages';
import { AssistantMessage } from './assistant-message';
import { useAssistantChat } from './use-assistant-chat';

interface AssistantChatPanelProps {
  signedIn: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/**
 * docs/product-spec.md §2 "AI assistant chat panel": 600px card, greeting, chips that only fill the
 * input, typing indicator, thumbs. The badge and footer say who really answers (GET /api/ai/gemini/test).
 */
export function AssistantChatPanel({ signedIn, inputRef }: AssistantChatPanelProps) {
  const { messages, send, pending, lastAnswer } = useAssistantChat();
  const feedback = useAiFeedback();
  const status = useAiStatus();
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight, behavior: 'smooth' });
  }, [messages, pending]);

  function submit() {
    if (send(draft)) setDraft('');
  }

  const chips = lastAnswer ? lastAnswer.suggestedActions : messages.length === 1 ? ASSISTANT_STARTERS : [];

  return (
    <Card className="flex h-[600px] flex-col overflow-hidden">
      <header className="flex items-center gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-500 text-white">
          <Icon name="bot" size={18} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900 dark:text-white">
            AI Automation Assistant
            {!signedIn && <span className="text-sm font-normal text-slate-500"> (Limited access - log in for full features)</span>}
          </h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">Flows, DM sequences, fixes and A/B tests</p>
        </div>
        <Badge tone={status.tone} className="shrink-0">
          {status.label}
        </Badge>
      </header>
      <div ref={listRef} className="flex-1 space-y-4 overflow-y-auto px-5 py-4" aria-live="polite">
        {messages.map((message) => (
          <AssistantMessage
            key={message.id}
            message={message}
            rating={message.answer ? feedback.ratingOf(message.answer.messageId) : undefined}
            onRate={(rating) => message.answer && feedback.rate(message.answer, rating)}
          />
        ))}
        {pending && (
          <div className="flex gap-3">
            <span className="w-7 shrink-0" />
            <span className="rounded-2xl rounded-tl-sm bg-slate-100 px-3 py-1.5 dark:bg-slate-800">
              <TypingDots label="The assistant is typing" />
            </span>
          </div>
        )}
      </div>
      {!pending && chips.length > 0 && (
        <div className="flex flex-wrap gap-2 px-5 pb-3" role="group" aria-label="Suggestions">
          {chips.map((chip) => (
            <button
              key={chip}
              type="button"
              onClick={() => setDraft(chip)}
              className="rounded-full border border-slate-200 px-3 py-1 text-xs font-medium text-slate-600 hover:border-indigo-300 hover:text-indigo-700 dark:border-slate-700 dark:text-slate-300 dark:hover:border-indigo-500/50 dark:hover:text-indigo-300"
            >
              {chip}
            </button>
          ))}
        </div>
      )}
      <ChatComposer
        id="assistant-input"
        label="Ask the assistant"
        value={draft}
        onChange={setDraft}
        onSend={submit}
        waiting={pending}
        placeholder="Type your question..."
        inputRef={inputRef}
        className="px-5 py-4"
      />
      <p className="px-5 pb-3 text-[11px] text-slate-500 dark:text-slate-400">{status.credit}</p>
    </Card>
  );
}
