import { Link } from 'react-router-dom';
import type { AnswerMode, AnswerSource } from '@contracts/ai';
import { Icon } from '../../components/icon';
import { sourceKindLabel } from './ai.format';

interface AnswerSourcesProps {
  mode: AnswerMode;
  sources: AnswerSource[];
  /** The model was asked and failed: these quotes stand in for its answer. */
  fallback?: boolean;
}

/** What an answer was made from: cited entries, or a plain "nothing matched" with a way to add some. */
export function AnswerSources({ mode, sources, fallback = false }: AnswerSourcesProps) {
  if (mode === 'none' || sources.length === 0) {
    return (
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Nothing in your knowledge base matched this question.{' '}
        <Link to="/knowledge" className="font-medium text-indigo-600 hover:underline dark:text-indigo-300">
          Add it to your knowledge base
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
        {mode !== 'knowledge_base'
          ? 'Sources'
          : fallback
            ? 'The AI model failed, so this is quoted from your knowledge base'
            : 'Quoted from your knowledge base (no AI model answered)'}
      </p>
      <ul className="flex flex-wrap gap-1.5">
        {sources.map((source) => (
          <li
            key={source.id}
            className="inline-flex max-w-full items-center gap-1 rounded-md bg-white px-2 py-0.5 text-xs text-slate-600 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700"
          >
            <Icon name="book" size={12} className="shrink-0 text-slate-400" />
            <span className="font-medium">{sourceKindLabel(source)}:</span>
            {source.url ? (
              <a href={source.url} target="_blank" rel="noreferrer" className="truncate hover:underline">
                {source.title}
              </a>
            ) : (
              <span className="truncate">{source.title}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
