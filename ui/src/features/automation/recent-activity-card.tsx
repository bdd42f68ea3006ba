import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { formatListTime } from '../../lib/format-time';
import { useAutomationActivity, useAutomationActivityCount } from './use-automation-activity';
import { activityLabel } from './activity-labels';

const SHOWN = 8;

/**
 * docs/product-spec.md §3: action with underscores shown as spaces; an intent other than general is a
 * potential lead. The count beside the title is the workspace's leads (GET /api/automation/activity/count),
 * the Leads page's Total Leads: one number for one word (docs/product-spec.md, Glossary).
 */
export function RecentActivityCard() {
  const activity = useAutomationActivity();
  const count = useAutomationActivityCount();
  const items = (activity.data?.activities ?? []).slice(0, SHOWN);

  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <Icon name="activity" size={18} className="text-indigo-500" /> Recent automation activity
        </h2>
        {count.data && (
          <Link to="/leads" className="rounded-full focus-visible:outline-2 focus-visible:outline-indigo-500" title="Your leads so far, as on the Leads page">
            <Badge tone={count.data.count > 0 ? 'success' : 'neutral'}>
              {count.data.count.toLocaleString('en-US')} {count.data.count === 1 ? 'lead' : 'leads'}
            </Badge>
          </Link>
        )}
      </div>
      {activity.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-500">
          <Spinner size={14} /> Loading activity...
        </p>
      ) : activity.isError ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">Activity isn't available right now.</p>
      ) : items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">Nothing yet. Matched comments and sent replies show up here.</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {items.map((item) => (
            <li key={item.id} className="flex gap-3 text-sm">
              <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-indigo-400" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium text-slate-900 dark:text-white">{activityLabel(item.action)}</span>
                  {item.intent && item.intent !== 'general' && <Badge tone="success">Potential lead</Badge>}
                  <time dateTime={item.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
                    {formatListTime(item.createdAt)}
                  </time>
                </p>
                <p className="mt-0.5 break-words text-slate-600 dark:text-slate-400">{item.message}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
