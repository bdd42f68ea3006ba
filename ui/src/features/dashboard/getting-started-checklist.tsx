import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { gettingStartedDone, type GettingStarted, type GettingStartedItemId } from '@contracts/getting-started';
import { ONBOARDING_LAST_STEP } from '@contracts/onboarding';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { apiGet, apiPost } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useLiveEvents, useLiveFallbackInterval } from '../../lib/use-live-events';

export const gettingStartedKey = ['getting-started'] as const;
type Open = Extract<GettingStarted, { closed: false }>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

interface Item {
  id: GettingStartedItemId;
  title: string;
  /** What is there now, or what to do. */
  detail: (g: Open, done: boolean) => string;
  /** Where to do it, and the link's words. */
  to: (g: Open) => string;
  action: (g: Open, done: boolean) => string;
}

const items: Item[] = [
  {
    id: 'account',
    title: 'Connect an account',
    detail: (g) =>
      g.accounts.real > 0
        ? `${plural(g.accounts.real, 'account')} connected.`
        : `Your sandbox Instagram account and Messenger page are ready to try everything with.`,
    to: () => '/connect-accounts',
    action: (g) => (g.accounts.real > 0 ? 'Manage accounts' : 'Connect a real account'),
  },
  {
    id: 'automation',
    title: 'Put an automation live',
    detail: (g, done) =>
      done
        ? [g.liveFlows ? `${plural(g.liveFlows, 'flow')} live` : '', g.activeRules ? `${plural(g.activeRules, 'comment rule')} on` : '']
            .filter(Boolean)
            .join(', ') + '.'
        : 'Start a flow, or switch on a comment rule, so keywords get answered.',
    to: () => '/flows',
    action: (_g, done) => (done ? 'See your flows' : 'Start a flow'),
  },
  {
    id: 'firstReply',
    title: 'Send your first automated reply',
    detail: (_g, done) =>
      done ? 'Your automation has answered someone.' : 'Comment a keyword in the Simulator as a pretend customer, and watch the reply arrive.',
    to: (_g) => '/simulator',
    action: (_g, done) => (done ? 'Open the Simulator' : 'Try it in the Simulator'),
  },
  {
    id: 'knowledge',
    title: 'Fill your knowledge base',
    detail: (g, done) =>
      done
        ? `${g.knowledgeEntries >= 100 ? '100+' : g.knowledgeEntries} ${g.knowledgeEntries === 1 ? 'entry' : 'entries'} your assistant answers from.`
        : 'Add your prices, hours and policies, so replies answer what customers ask.',
    to: () => '/knowledge',
    action: (_g, done) => (done ? 'Open Knowledge' : 'Add an entry'),
  },
];

/**
 * The dashboard's getting-started checklist (GET /api/dashboard/getting-started): each item ticked
 * from what exists, never from clicks, and linked to where it is done. It refreshes on the
 * workspace's live events (a reply delivered ticks "first automated reply"), and disappears for good
 * once everything is done at once or the user hides it.
 */
export function GettingStartedChecklist() {
  const queryClient = useQueryClient();
  const poll = useLiveFallbackInterval(15_000);
  const state = useQuery({
    queryKey: gettingStartedKey,
    queryFn: () => apiGet<GettingStarted>('/api/dashboard/getting-started'),
    // What the user did on other pages changes it: always re-read when the dashboard opens.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: poll,
  });
  const timer = useRef<number | undefined>(undefined);
  useLiveEvents(
    (event) => {
      if (event.type !== 'outbox.delivered' && event.type !== 'message.created' && event.type !== 'message.updated') return;
      // A burst of events (a reply, its public twin, the thread) is one re-read.
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: gettingStartedKey }), 400);
    },
    () => void queryClient.invalidateQueries({ queryKey: gettingStartedKey }),
  );
  const dismiss = useMutation({
    mutationFn: () => apiPost<GettingStarted>('/api/dashboard/getting-started/dismiss', {}),
    onSuccess: (closed) => queryClient.setQueryData(gettingStartedKey, closed),
  });

  const g = state.data;
  if (!g || g.closed) return null;
  const done = gettingStartedDone(g);
  const count = Object.values(done).filter(Boolean).length;
  if (count === items.length) return null;

  return (
    <Card className="p-5" aria-labelledby="getting-started-heading" data-testid="getting-started">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="getting-started-heading" className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <Icon name="rocket" size={18} className="text-indigo-500" /> Getting started
          </h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400" data-testid="getting-started-progress">
            {count} of {items.length} done
          </p>
        </div>
        <button
          type="button"
          onClick={() => dismiss.mutate()}
          disabled={dismiss.isPending}
          className="rounded-md px-2 py-1 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200"
        >
          Hide
        </button>
      </div>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
        <div className="h-full rounded-full bg-emerald-500 transition-all" style={{ width: `${(count / items.length) * 100}%` }} />
      </div>
      {g.setupStep !== null && (
        <p className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:bg-indigo-500/10 dark:text-indigo-100">
          <span>
            {g.setupStep === 0
              ? 'You have not finished setting up your assistant.'
              : `Your setup stopped at step ${Math.min(g.setupStep + 1, ONBOARDING_LAST_STEP + 1)} of ${ONBOARDING_LAST_STEP + 1}.`}
          </span>
          <Link to="/onboarding" className="font-medium underline underline-offset-2">
            Resume setup
          </Link>
        </p>
      )}
      <ol className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
        {items.map((item) => {
          const isDone = done[item.id];
          return (
            <li key={item.id} className="flex items-start gap-3 py-3" data-testid={`getting-started-${item.id}`} data-done={isDone}>
              <span
                className={cn(
                  'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border',
                  isDone ? 'border-emerald-500 bg-emerald-500 text-white' : 'border-slate-300 text-transparent dark:border-slate-600',
                )}
              >
                <Icon name="check" size={14} />
              </span>
              <div className="min-w-0 flex-1 sm:flex sm:items-start sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p className={cn('text-sm font-medium', isDone ? 'text-slate-500 dark:text-slate-400' : 'text-slate-900 dark:text-white')}>
                    {item.title}
                    <span className="sr-only">{isDone ? ' (done)' : ' (to do)'}</span>
                  </p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">{item.detail(g, isDone)}</p>
                </div>
                <Link
                  to={item.to(g)}
                  className="mt-1 inline-block shrink-0 text-sm font-medium whitespace-nowrap text-indigo-600 hover:underline sm:mt-0 dark:text-indigo-400"
                >
                  {item.action(g, isDone)}
                </Link>
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
