import { useEffect, useRef, useState } from 'react';
import { chatPlatforms, type ChatPlatform } from '@contracts/ai';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { chatPlatformLabels, funnelStageLabels } from '../ai/ai.format';
import { ChatComposer } from '../ai/chat-composer';
import { useAiFeedback } from '../ai/use-ai-feedback';
import { useAiStatus } from '../ai/use-ai-status';
import { ChatTurnBubble } from './chat-turn-bubble';
import { QuickTopics } from './quick-topics';
import { SuggestedReplies } from './suggested-replies';
import { UsageMeter } from './usage-meter';
import { useKbChat } from './use-kb-chat';

const platformOptions = chatPlatforms.map((p) => ({ value: p, label: chatPlatformLabels[p] }));
const isChatPlatform = (value: string): value is ChatPlatform => (chatPlatforms as readonly string[]).includes(value);

/** docs/product-spec.md §2 "AI Assistant page (/ai-chat)": answers streamed from the knowledge base. */
export function AiChatPage() {
  const [platform, setPlatform] = useState<ChatPlatform>('general');
  const [draft, setDraft] = useState('');
  const { turns, pending, send, lastAnswer } = useKbChat(platform);
  const feedback = useAiFeedback();
  const status = useAiStatus();
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [turns]);

  useEffect(() => {
    if (!pending) inputRef.current?.focus();
  }, [pending]);

  function fill(text: string) {
    setDraft(text);
    inputRef.current?.focus();
  }

  function submit() {
    if (pending || !draft.trim()) return;
    void send(draft);
    setDraft('');
  }

  // docs/product-spec.md §4: hook is the initial stage; after that, the last answer's.
  const stage = lastAnswer?.funnelStage ?? 'hook';

  return (
    <div>
      <PageHeader
        title="AI Assistant"
        description="Answers from your knowledge base, written as you watch."
        actions={
          <>
            <Badge tone="brand" className="h-9 px-3">
              Stage: {funnelStageLabels[stage]}
            </Badge>
            <SelectField
              label="Platform"
              hideLabel
              compact
              options={platformOptions}
              value={platform}
              onChange={(e) => isChatPlatform(e.target.value) && setPlatform(e.target.value)}
            />
          </>
        }
      />
      <Card className="flex h-[calc(100dvh-13.5rem)] min-h-[30rem] flex-col overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2.5 dark:border-slate-800">
          <div className="flex min-w-0 items-center gap-2">
            <Badge tone={status.tone}>{status.label}</Badge>
            <span className="hidden truncate text-xs text-slate-500 md:inline dark:text-slate-400">{status.credit}</span>
          </div>
          {lastAnswer && <UsageMeter usage={lastAnswer.usage} />}
        </div>
        <div ref={listRef} className="flex-1 space-y-5 overflow-y-auto px-4 py-5 sm:px-6" aria-live="polite">
          {turns.length === 0 ? (
            <QuickTopics onPick={fill} />
          ) : (
            turns.map((turn) => (
              <ChatTurnBubble
                key={turn.id}
                turn={turn}
                rating={turn.answer ? feedback.ratingOf(turn.answer.messageId) : undefined}
                onRate={(rating) => turn.answer && feedback.rate(turn.answer, rating)}
              />
            ))
          )}
        </div>
        {!pending && <SuggestedReplies replies={lastAnswer && turns.at(-1)?.answer === lastAnswer ? lastAnswer.suggestedActions : []} onPick={fill} />}
        <ChatComposer
          id="ai-chat-input"
          label="Ask the assistant"
          size="lg"
          value={draft}
          onChange={setDraft}
          onSend={submit}
          waiting={pending}
          disableWhileWaiting
          placeholder={pending ? 'Answering…' : 'Ask about your offers, prices, policies…'}
          inputRef={inputRef}
          className="p-3 sm:p-4"
        />
      </Card>
    </div>
  );
}
