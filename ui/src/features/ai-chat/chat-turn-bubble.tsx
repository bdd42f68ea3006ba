import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';
import type { FeedbackRating } from '../ai/ai.api';
import { formatMatchScore } from '../ai/ai.format';
import { AnswerSources } from '../ai/answer-sources';
import { FeedbackButtons } from '../ai/feedback-buttons';
import { RelatedOffers } from '../ai/related-offers';
import { TypingDots } from '../ai/typing-dots';
import type { ChatTurn } from './use-kb-chat';

interface ChatTurnBubbleProps {
  turn: ChatTurn;
  rating: FeedbackRating | undefined;
  onRate: (rating: FeedbackRating) => void;
}

/** One message; an assistant answer carries its match score, offers, sources and thumbs. Max width 70 % (§9). */
export function ChatTurnBubble({ turn, rating, onRate }: ChatTurnBubbleProps) {
  if (turn.role === 'user') {
    return (
      <div className="flex justify-end">
        <p className="max-w-[70%] rounded-2xl rounded-tr-sm bg-indigo-600 px-4 py-2.5 text-sm whitespace-pre-wrap text-white">{turn.text}</p>
      </div>
    );
  }
  const answer = turn.answer;
  return (
    <div className="flex gap-3">
      <span className="mt-1 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
        <Icon name={turn.failed ? 'alert' : 'sparkles'} size={14} />
      </span>
      <div className="max-w-[70%] min-w-0 space-y-3">
        <div
          className={cn(
            'rounded-2xl rounded-tl-sm px-4 py-2.5 text-sm whitespace-pre-wrap',
            turn.failed
              ? 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200'
              : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
          )}
        >
          {turn.text || (turn.streaming && <TypingDots label="The assistant is answering" />)}
          {turn.streaming && turn.text && (
            <span className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-indigo-500" aria-hidden="true" />
          )}
        </div>
        {answer && (
          <>
            <RelatedOffers offers={answer.relatedOffers} />
            <AnswerSources mode={answer.mode} sources={answer.sources} fallback={answer.fallback} />
            <div className="flex items-center justify-between gap-3">
              {answer.mode !== 'none' ? (
                <span className="text-xs text-slate-500 dark:text-slate-400" title="How much of your question the best knowledge entry holds (0 to 1)">
                  {formatMatchScore(answer.matchScore)}
                </span>
              ) : (
                <span />
              )}
              <FeedbackButtons rating={rating} onRate={onRate} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
