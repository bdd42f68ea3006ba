import type { KnowledgeEntry } from '@contracts/knowledge';
import { Badge } from '../../components/badge';
import { Icon } from '../../components/icon';
import { formatListTime } from '../../lib/format-time';
import { formatUsd, kindMeta, sourceMeta } from './kind-meta';
import { visibilityMeta } from './visibility';

interface EntryCardProps {
  entry: KnowledgeEntry;
  onEdit: () => void;
  onDelete: () => void;
  /** Flips public ↔ internal; pending while that save runs. */
  onToggleVisibility: () => void;
  togglePending: boolean;
}

/** One entry: what it is, who may see it, where it came from, when, and its text at a glance. */
export function EntryCard({ entry, onEdit, onDelete, onToggleVisibility, togglePending }: EntryCardProps) {
  const kind = kindMeta[entry.kind];
  const source = sourceMeta[entry.source];
  const visibility = visibilityMeta[entry.visibility];
  const edited = entry.updatedAt !== entry.createdAt;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <div className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 sm:flex dark:bg-slate-800 dark:text-slate-300">
          <Icon name={kind.icon} size={18} />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge tone={kind.tone}>{kind.label}</Badge>
            <Badge tone={source.tone}>{source.label}</Badge>
            <span title={visibility.text}>
              <Badge tone={visibility.tone}>
                <Icon name={visibility.icon} size={12} className="mr-1" />
                {entry.visibility === 'public' ? 'Public · can be sent to customers' : 'Internal · team only'}
              </Badge>
            </span>
          </div>
          <h3 className="mt-1.5 break-words font-medium text-slate-900 dark:text-white">{entry.title}</h3>
          {entry.kind === 'offer' && <OfferFacts entry={entry} />}
          {entry.body && (
            <p className="mt-1 line-clamp-3 whitespace-pre-line break-words text-sm text-slate-600 dark:text-slate-400">
              {entry.kind === 'testimonial' ? `“${entry.body}”` : entry.body}
            </p>
          )}
          {entry.kind === 'testimonial' && entry.author && <p className="mt-1 text-sm font-medium text-slate-700 dark:text-slate-300">— {entry.author}</p>}
          <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            <span>Added {formatListTime(entry.createdAt)}</span>
            {edited && <span>Updated {formatListTime(entry.updatedAt)}</span>}
            <button
              type="button"
              onClick={onToggleVisibility}
              disabled={togglePending}
              className="font-medium text-indigo-600 hover:underline disabled:opacity-50 dark:text-indigo-400"
            >
              {entry.visibility === 'public' ? 'Make internal' : 'Make public'}
            </button>
            {entry.sourceUrl && (
              <a
                href={entry.sourceUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="max-w-full truncate text-indigo-600 hover:underline dark:text-indigo-400"
              >
                {entry.sourceUrl}
              </a>
            )}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <button type="button" onClick={onEdit} aria-label={`Edit ${entry.title}`} className={iconButton}>
            <Icon name="pencil" size={16} />
          </button>
          <button type="button" onClick={onDelete} aria-label={`Delete ${entry.title}`} className={`${iconButton} hover:text-red-600 dark:hover:text-red-400`}>
            <Icon name="trash" size={16} />
          </button>
        </div>
      </div>
    </li>
  );
}

const iconButton =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

function OfferFacts({ entry }: { entry: KnowledgeEntry }) {
  const facts = [entry.priceCents !== null ? formatUsd(entry.priceCents) : null, entry.duration].filter(Boolean);
  if (!facts.length && !entry.url) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
      {facts.length > 0 && <span className="font-semibold text-slate-900 dark:text-white">{facts.join(' · ')}</span>}
      {entry.url && (
        <a
          href={entry.url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 text-indigo-600 hover:underline dark:text-indigo-400"
        >
          <Icon name="link" size={14} /> Link
        </a>
      )}
    </p>
  );
}
