import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Platform } from '@contracts/platforms';
import { Icon } from '../../components/icon';
import { fetchCommentRules } from '../comment-rules/comment-rules.api';
import { commentRuleKeys } from '../comment-rules/comment-rules.keys';

/** Tells the tester which keywords will trigger a reply on this account's platform. */
export function RuleHint({ platform }: { platform: Platform }) {
  const rules = useQuery({ queryKey: commentRuleKeys.list, queryFn: fetchCommentRules });
  if (!rules.data) return null;
  const keywords = [...new Set(rules.data.filter((r) => r.isActive && r.platform === platform).flatMap((r) => r.keywords))];
  return (
    <div className="flex gap-3 rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-200">
      <Icon name="zap" size={18} className="mt-0.5 shrink-0" />
      {keywords.length > 0 ? (
        <p>
          Active keywords here:{' '}
          {keywords.map((k, i) => (
            <span key={k}>
              {i > 0 && ', '}
              <code className="rounded bg-white/70 px-1 py-0.5 font-semibold dark:bg-slate-900/60">{k}</code>
            </span>
          ))}
          . Put one in a comment and watch the reply arrive on the right.{' '}
          <Link to="/comment-growth" className="font-medium underline">
            Edit rules
          </Link>
        </p>
      ) : (
        <p>
          No active comment rule for this platform yet.{' '}
          <Link to="/comment-growth" className="font-medium underline">
            Create one on Comment Growth
          </Link>{' '}
          (e.g. keyword “price”), then come back and comment it.
        </p>
      )}
    </div>
  );
}
