import { useMutation } from '@tanstack/react-query';
import type { SuggestReplyResponse } from '@contracts/ai';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { postSuggestReply } from '../ai/ai.api';
import { describeAiFailure, formatMatchScore } from '../ai/ai.format';

interface SuggestReplyBarProps {
  conversationId: string;
  /** Puts the draft in the reply box; nothing is sent. */
  onDraft: (text: string) => void;
}

function resultText(result: SuggestReplyResponse): string {
  if (result.mode === 'none' || !result.draft.trim()) return 'Nothing in your knowledge base matched this conversation.';
  const from = result.mode === 'knowledge_base' ? 'Quoted from your public knowledge' : 'Drafted by AI from your public knowledge';
  return `${from} · ${formatMatchScore(result.confidence)} · review it before sending`;
}

/** "Suggest reply": POST /api/inbox/conversations/:id/suggest-reply, drafted into the box, never sent. */
export function SuggestReplyBar({ conversationId, onDraft }: SuggestReplyBarProps) {
  const suggest = useMutation({
    mutationKey: ['inbox', 'suggest-reply', conversationId],
    mutationFn: () => postSuggestReply(conversationId),
    onSuccess: (result) => {
      if (result.mode !== 'none' && result.draft.trim()) onDraft(result.draft);
    },
  });
  const failure = suggest.error ? describeAiFailure(suggest.error, "Couldn't reach the assistant. Please try again.") : null;

  return (
    <div className="flex min-h-7 flex-wrap items-center gap-x-3 gap-y-1 px-3 pt-2">
      <button
        type="button"
        onClick={() => suggest.mutate()}
        disabled={suggest.isPending}
        className="inline-flex items-center gap-1.5 rounded-full border border-indigo-200 px-2.5 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-60 dark:border-indigo-500/40 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
      >
        {suggest.isPending ? <Spinner size={12} /> : <Icon name="sparkles" size={12} />}
        {suggest.isPending ? 'Drafting…' : 'Suggest reply'}
      </button>
      <p className="min-w-0 text-xs" role="status">
        {failure ? (
          <span className="text-red-600 dark:text-red-400">
            {failure.title}: {failure.description}
          </span>
        ) : suggest.data ? (
          <span className="text-slate-500 dark:text-slate-400">{resultText(suggest.data)}</span>
        ) : null}
      </p>
    </div>
  );
}
