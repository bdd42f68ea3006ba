import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { AutomationOverview } from '@contracts/automation';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { ListCard } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { ApiError } from '../../lib/api';
import { formatMessageTime } from '../../lib/format-time';
import { fetchAutomationOverview, startAutomation } from './automation.api';
import { automationKeys } from './automation.keys';
import { RecentActivityCard } from './recent-activity-card';

const POLL_MS = 10_000;

function QueueFigure({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800" title={hint}>
      <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
      <p className="text-xl font-semibold text-slate-900 tabular-nums dark:text-white" data-testid={`queue-${label.toLowerCase().replaceAll(' ', '-')}`}>
        {value}
      </p>
    </div>
  );
}

function Overview({ data }: { data: AutomationOverview }) {
  const q = data.queue;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ListCard
        title="Published flows"
        items={data.flows}
        itemKey={(f) => f.id}
        empty={
          <>
            No published flow yet.{' '}
            <Link to="/flows" className="text-indigo-600 hover:underline dark:text-indigo-400">
              Build one
            </Link>
            .
          </>
        }
        renderItem={(f) => (
          <>
            <Link to={`/flows/${f.id}`} className="min-w-0 truncate font-medium text-slate-900 hover:underline dark:text-white">
              {f.name}
            </Link>
            <span className="flex shrink-0 items-center gap-2">
              <Link to={`/runs?flowId=${f.id}`} className="text-xs text-slate-500 hover:underline dark:text-slate-400">
                {f.runs.total} {f.runs.total === 1 ? 'run' : 'runs'} · {f.runs.live} live · {f.runs.failed} failed
              </Link>
              <Badge tone={f.isActive ? 'success' : 'warning'}>{f.isActive ? 'Active' : 'Paused'}</Badge>
            </span>
          </>
        )}
      />
      <ListCard
        title="Comment rules"
        items={data.rules}
        itemKey={(r) => r.id}
        empty={
          <>
            No comment rule yet.{' '}
            <Link to="/comment-growth" className="text-indigo-600 hover:underline dark:text-indigo-400">
              Add one
            </Link>
            .
          </>
        }
        renderItem={(r) => (
          <>
            <span className="min-w-0 truncate text-slate-900 dark:text-white">
              <span className="text-slate-500 capitalize dark:text-slate-400">{r.platform}:</span> {r.keywords.join(', ')}
            </span>
            <Badge tone={r.isActive ? 'success' : 'warning'}>{r.isActive ? 'Active' : 'Paused'}</Badge>
          </>
        )}
      />
      <Card className="p-5 lg:col-span-2">
        <h2 className="font-semibold text-slate-900 dark:text-white">Queue</h2>
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
          {/* The dashboard's "Sends queued" is these two together (docs/product-spec.md, Glossary: queued send). */}
          <QueueFigure label="Waiting for a slot" value={q.queued} hint="Queued sends waiting for their slot in an account's send bucket" />
          <QueueFigure label="Ready" value={q.ready} hint="Queued sends whose slot has come, waiting for a worker" />
          <QueueFigure label="Sending" value={q.sending} hint="Sends handed to a platform, answer not recorded yet" />
          <QueueFigure label="Waiting runs" value={q.waitingRuns} hint="Flow runs waiting for a reply" />
          <QueueFigure label="Sleeping runs" value={q.sleepingRuns} hint="Flow runs waiting on a delay or timeout" />
        </div>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
          {q.eta ? `The last queued send is due ${formatMessageTime(q.eta)}.` : 'Nothing is waiting to be sent.'}
        </p>
      </Card>
    </div>
  );
}

export function AutomationPage() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: automationKeys.overview, queryFn: fetchAutomationOverview, refetchInterval: POLL_MS });
  const start = useMutation({
    mutationFn: startAutomation,
    onSuccess: ({ resumed }) => {
      const n = resumed.flows + resumed.rules;
      toast({
        title: 'Automation Started!',
        description: n > 0 ? `Resumed ${resumed.flows} flow(s) and ${resumed.rules} comment rule(s).` : 'Nothing was paused.',
        variant: 'success',
      });
    },
    // docs/product-spec.md §8: a non-OK answer shows nothing; only a failed request toasts.
    onError: (err) => {
      if (!(err instanceof ApiError))
        toast({ title: 'Failed to start automation', description: 'Please try again or check your account connections.', variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['automation'] }),
  });
  const data = overview.data;
  const paused = data ? data.paused.flows + data.paused.rules : 0;

  return (
    <div className="space-y-6">
      <PageHeader title="Automation" description="What runs in your workspace right now, and what waits." />
      {overview.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner size={14} /> Loading automations...
        </p>
      ) : overview.isError || !data ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Automations aren't available right now.</p>
      ) : data.flows.length === 0 && data.rules.length === 0 ? (
        <EmptyState icon="zap" title="No automations yet" description="Publish a flow or add a comment rule; it shows up here with its runs and queue.">
          <ButtonLink to="/comment-growth" variant="outline">
            Add a comment rule
          </ButtonLink>
          <ButtonLink to="/flows">Build a flow</ButtonLink>
        </EmptyState>
      ) : (
        <>
          <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="paused-summary">
              {paused > 0
                ? `${data.paused.flows} flow(s) and ${data.paused.rules} comment rule(s) are paused.`
                : 'Every published flow and comment rule is running.'}
            </p>
            <Button onClick={() => start.mutate()} loading={start.isPending} disabled={paused === 0}>
              Start automation
            </Button>
          </Card>
          <Overview data={data} />
        </>
      )}
      <RecentActivityCard />
    </div>
  );
}
