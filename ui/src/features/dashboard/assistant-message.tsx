import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';
import type { FeedbackRating } from '../ai/ai.api';
import { formatMatchScore } from '../ai/ai.format';
import { AnswerSources } from '../ai/answer-sources';
import { FeedbackButtons } from '../ai/feedback-buttons';
import type { AssistantMessage as Message } from './assistant-chat.messages';

interface AssistantMessageProps {
  message: Message;
  rating: FeedbackRating | undefined;
  onRate: (rating: FeedbackRating) => void;
}

export function AssistantMessage({ message, rating, onRate }: AssistantMessageProps) {
  const mine = message.role === 'user';
  const answer = message.answer;
  return (
    <div className={cn('flex gap-3', mine && 'flex-row-reverse')}>
      {!mine && (
        <span className="mt-1 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <Icon name="sparkles" size={14} />
        </span>
      )}
      <div className="max-w-[80%] min-w-0 space-y-2">
        <div
          className={cn(
            'rounded-2xl px-4 py-2.5 text-sm whitespace-pre-wrap',
            mine ? 'rounded-tr-sm bg-indigo-600 text-white' : 'rounded-tl-sm bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
          )}
        >
          {message.content}
          <time className={cn('mt-1 block text-[11px]', mine ? 'text-indigo-100' : 'text-slate-600 dark:text-slate-400')}>
            {message.timestamp.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
          </time>
        </div>
        {answer && (
          <>
            <AnswerSources mode={answer.mode} sources={answer.sources} fallback={answer.fallback} />
            <div className="flex items-center justify-between gap-3">
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {answer.mode !== 'none' && (
                  <span title="How much of your question the best knowledge entry holds (0 to 1)">{formatMatchScore(answer.matchScore)}</span>
                )}
              </span>
              <FeedbackButtons rating={rating} onRate={onRate} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
