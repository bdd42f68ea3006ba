import type { CommentRule } from '@contracts/comment-rules';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { PlatformIcon, platformLabel } from '../../components/platform-icon';
import { ToggleSwitch } from '../../components/toggle-switch';
import { cn } from '../../lib/cn';
import { useCan } from '../team/use-can';

interface RuleCardProps {
  rule: CommentRule;
  onToggle: (isActive: boolean) => void;
  onDelete: () => void;
  onEdit: () => void;
  deleting: boolean;
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 text-center dark:bg-slate-800/60">
      <p className={cn('text-lg font-semibold text-slate-900 tabular-nums dark:text-white', tone)}>{value}</p>
      <p className="text-[11px] font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</p>
    </div>
  );
}

export function RuleCard({ rule, onToggle, onDelete, onEdit, deleting }: RuleCardProps) {
  const ruleName = `rule for ${rule.keywords.join(', ')}`;
  const canEdit = useCan('rules:write');
  return (
    <Card className={cn('p-5', !rule.isActive && 'border-dashed')} data-rule-id={rule.id}>
      <div className="flex items-start gap-3">
        <PlatformIcon platform={rule.platform} size={28} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm font-medium text-slate-900 dark:text-white">{platformLabel(rule.platform)}</p>
            <Badge tone={rule.isActive ? 'success' : 'neutral'}>{rule.isActive ? 'Active' : 'Inactive'}</Badge>
            <Badge tone="info">{rule.automationType === 'all_posts' ? 'All posts' : 'Specific post'}</Badge>
          </div>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Keywords">
            {rule.keywords.map((k) => (
              <li key={k} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
                {k}
              </li>
            ))}
          </ul>
        </div>
        <div className={canEdit ? 'flex shrink-0 items-center gap-1' : 'hidden'}>
          <ToggleSwitch checked={rule.isActive} onChange={onToggle} label={`Active: ${ruleName}`} />
          <Button
            variant="ghost"
            size="sm"
            onClick={onEdit}
            aria-label={`Edit ${ruleName}`}
            title="Edit rule"
            className="px-2 text-slate-500 hover:text-indigo-600"
          >
            <Icon name="pencil" size={16} />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            loading={deleting}
            aria-label={`Delete ${ruleName}`}
            title="Delete rule"
            className="px-2 text-slate-500 hover:text-red-600"
          >
            {!deleting && <Icon name="trash" size={16} />}
          </Button>
        </div>
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <div>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">Private reply</dt>
          <dd className="mt-0.5 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">{rule.responseTemplate}</dd>
        </div>
        {rule.publicReplyTemplate && (
          <div>
            <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">Public reply</dt>
            <dd className="mt-0.5 break-words text-slate-800 dark:text-slate-200">{rule.publicReplyTemplate}</dd>
          </div>
        )}
        {rule.automationType === 'specific_post' && rule.postUrl && (
          <div>
            <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">Post</dt>
            <dd className="mt-0.5 truncate text-slate-800 dark:text-slate-200">{rule.postUrl}</dd>
          </div>
        )}
      </dl>
      <div className="mt-4 grid grid-cols-3 gap-2">
        <Stat label="Matched" value={rule.stats.matched} />
        <Stat label="Sent" value={rule.stats.sent} tone="text-emerald-600 dark:text-emerald-400" />
        <Stat label="Queued" value={rule.stats.queued} tone={rule.stats.queued > 0 ? 'text-amber-600' : undefined} />
      </div>
    </Card>
  );
}
