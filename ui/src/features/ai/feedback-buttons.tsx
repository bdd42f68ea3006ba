import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';
import type { FeedbackRating } from './ai.api';

interface FeedbackButtonsProps {
  rating: FeedbackRating | undefined;
  onRate: (rating: FeedbackRating) => void;
  disabled?: boolean;
}

const options: { rating: FeedbackRating; icon: 'thumbs-up' | 'thumbs-down'; label: string }[] = [
  { rating: 'thumbs_up', icon: 'thumbs-up', label: 'Thumbs up: helpful' },
  { rating: 'thumbs_down', icon: 'thumbs-down', label: 'Thumbs down: not helpful' },
];

/** Thumbs up / down under an assistant answer; the chosen one stays highlighted. */
export function FeedbackButtons({ rating, onRate, disabled }: FeedbackButtonsProps) {
  return (
    <div className="flex items-center gap-1">
      {options.map((option) => (
        <button
          key={option.rating}
          type="button"
          aria-label={option.label}
          aria-pressed={rating === option.rating}
          disabled={disabled || rating !== undefined}
          onClick={() => onRate(option.rating)}
          className={cn(
            'rounded-md p-1.5 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700 disabled:cursor-default disabled:hover:bg-transparent dark:hover:bg-slate-800 dark:hover:text-slate-200',
            rating === option.rating && 'text-indigo-600 dark:text-indigo-300',
            rating !== undefined && rating !== option.rating && 'opacity-40',
          )}
        >
          <Icon name={option.icon} size={14} />
        </button>
      ))}
    </div>
  );
}
