import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { RecentActivityCard } from '../automation/recent-activity-card';
import { PlatformStatus } from './platform-status';
import { ReplyQueueBanner } from './reply-queue-banner';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';
import { RuleForm } from './rule-form';
import { RuleList } from './rule-list';

/** docs/product-spec.md §2 Comment Growth Tool: connection status, rule form, rule list, queue and activity. */
export function CommentGrowthPage() {
  const canEdit = useCan('rules:write');
  return (
    <div className="space-y-6">
      <PageHeader
        title="Comment Growth Tool"
        description="Reply to comments that match your keywords — with a private DM and, if you like, a public reply."
        actions={
          <Link to="/simulator" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Try it in the Simulator →
          </Link>
        }
      />
      <PlatformStatus />
      <ReplyQueueBanner />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">{canEdit ? <RuleForm /> : <ViewOnly permission="rules:write" />}</div>
        <section aria-labelledby="rules-heading" className="space-y-4 lg:col-span-3">
          <h2 id="rules-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Your rules
          </h2>
          <RuleList />
          <RecentActivityCard />
        </section>
      </div>
    </div>
  );
}
