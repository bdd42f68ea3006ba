import type { Lead } from '@contracts/leads';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { Icon } from '../../components/icon';
import { PlatformIcon } from '../../components/platform-icon';
import { formatListTime } from '../../lib/format-time';
import { formatUsd, sourceLabels } from './lead-format';
import { useCan } from '../team/use-can';
import { LeadStatusSelect } from './lead-status-select';

/** The list's columns on wide screens; a phone stacks them (same markup, so one set of controls). */
export const leadGrid = 'lg:grid lg:grid-cols-[minmax(0,2fr)_7rem_9rem_5.5rem_6.5rem_5.5rem_4.5rem] lg:items-center lg:gap-4';

function ScoreMeter({ score }: { score: number }) {
  return (
    <div className="flex items-center gap-2" title={`Score ${score} of 100`}>
      <div className="h-1.5 w-14 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden="true">
        <div className="h-full rounded-full bg-indigo-500" style={{ width: `${Math.min(100, score)}%` }} />
      </div>
      <span className="text-sm text-slate-700 tabular-nums dark:text-slate-300">{score}</span>
    </div>
  );
}

const initials = (lead: Lead) =>
  (lead.name || lead.email || '?')
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

export function LeadRow({ lead, onDelete }: { lead: Lead; onDelete: (lead: Lead) => void }) {
  const canEdit = useCan('leads:write');
  const title = lead.name || lead.email || lead.socialHandle || 'Unnamed lead';
  const subtitle = [lead.name ? lead.email : null, lead.socialHandle].filter(Boolean).join(' · ');
  return (
    <li className={`grid grid-cols-2 gap-x-3 gap-y-3 px-4 py-4 ${leadGrid}`} data-testid="lead-row">
      <div className="col-span-2 flex min-w-0 items-center gap-3 lg:col-span-1">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
          {initials(lead)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{title}</p>
          {subtitle && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{subtitle}</p>}
        </div>
      </div>
      <div className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        {lead.source === 'manual' || lead.source === 'import' ? (
          <Badge>{sourceLabels[lead.source]}</Badge>
        ) : (
          <>
            <PlatformIcon platform={lead.source} size={20} />
            <span>{sourceLabels[lead.source]}</span>
          </>
        )}
      </div>
      <div>
        <LeadStatusSelect lead={lead} />
      </div>
      <div className="flex items-center">
        <span className="mr-2 text-xs text-slate-500 lg:hidden dark:text-slate-400">Score</span>
        <ScoreMeter score={lead.score} />
      </div>
      <div className="text-sm font-medium text-slate-900 tabular-nums dark:text-white">
        <span className="mr-2 text-xs font-normal text-slate-500 lg:hidden dark:text-slate-400">Value</span>
        {formatUsd(lead.value)}
      </div>
      <div className="text-sm text-slate-500 dark:text-slate-400">
        <span className="mr-2 text-xs lg:hidden">Added</span>
        <time dateTime={lead.createdAt}>{formatListTime(lead.createdAt)}</time>
      </div>
      <div className="flex items-center justify-end gap-1">
        {lead.conversationId ? (
          <Link
            to={`/inbox?c=${encodeURIComponent(lead.conversationId)}`}
            className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-indigo-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-indigo-300"
            aria-label={`Open conversation with ${title}`}
            title="Open conversation"
          >
            <Icon name="message" size={16} />
          </Link>
        ) : (
          <span className="inline-flex h-8 w-8 items-center justify-center text-slate-300 dark:text-slate-600" title="No conversation yet">
            <Icon name="message" size={16} />
          </span>
        )}
        {canEdit && (
          <button
            type="button"
            onClick={() => onDelete(lead)}
            className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600 dark:text-slate-400 dark:hover:bg-red-500/10 dark:hover:text-red-400"
            aria-label={`Delete ${title}`}
            title="Delete lead"
          >
            <Icon name="trash" size={16} />
          </button>
        )}
      </div>
    </li>
  );
}
