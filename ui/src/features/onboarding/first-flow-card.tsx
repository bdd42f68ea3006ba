import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { Flow } from '@contracts/flows';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { fetchFlow, updateFlow } from '../flows/flows.api';
import { flowKeys } from '../flows/flows.keys';
import { simulatorTryUrl } from '../simulator/simulator-prefill';
import { summariseFirstFlow } from './first-flow';

/**
 * The flow onboarding made, ready to go live from here: what it does, Publish (the editor's Start:
 * saved with isActive, compiled and versioned by the server), then "Try it in the Simulator" with a
 * message that starts it already typed.
 */
export function FirstFlowCard({ flowId }: { flowId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const flow = useQuery({ queryKey: flowKeys.detail(flowId), queryFn: () => fetchFlow(flowId) });
  const publish = useMutation({
    mutationFn: (f: Flow) =>
      updateFlow(f.id, {
        name: f.name,
        description: f.description,
        platform: f.platform,
        flowData: f.flowData,
        isActive: true,
        expectedUpdatedAt: f.updatedAt,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(flowKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: flowKeys.list });
      void queryClient.invalidateQueries({ queryKey: ['getting-started'] });
    },
  });

  if (!flow.data) {
    return (
      <Card className="p-5">
        {flow.isError ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Your first flow could not be loaded. It is in Flows, where you can start it.</p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner size={14} /> Loading your first flow...
          </p>
        )}
      </Card>
    );
  }
  const f = flow.data;
  const live = f.isActive && f.publishedVersion !== null;
  const summary = summariseFirstFlow(f);
  const tryUrl = simulatorTryUrl(f);

  return (
    <Card className="p-5 text-left" data-testid="first-flow">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <Icon name="workflow" size={18} className="text-indigo-500" /> Your first flow: {f.name}
        </h2>
        {live ? <Badge tone="success">Live</Badge> : <Badge>Draft</Badge>}
      </div>
      {summary.when && (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          {summary.when}, it {summary.publicReply ? 'replies to the comment and ' : ''}sends a DM
          {summary.firstMessage ? ':' : '.'}
        </p>
      )}
      {summary.firstMessage && (
        <blockquote className="mt-2 rounded-lg border-l-4 border-indigo-300 bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-700 dark:border-indigo-500/50 dark:bg-slate-800/60 dark:text-slate-300">
          {summary.firstMessage}
        </blockquote>
      )}
      {summary.blanks.length > 0 && (
        <p className="mt-3 flex gap-2 text-sm text-amber-800 dark:text-amber-200">
          <Icon name="alert" size={16} className="mt-0.5 shrink-0" />
          <span>
            The message still has a blank in square brackets ({summary.blanks.join('; ')}). Fill it in the flow or on the Knowledge page before real customers
            see it; in the Simulator only you do.
          </span>
        </p>
      )}
      {publish.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {errorMessage(publish.error, 'The flow could not be published.')} Open the flow to fix it.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {live ? (
          tryUrl && (
            <Button onClick={() => void navigate(tryUrl)}>
              <Icon name="play" size={16} /> Try it in the Simulator
            </Button>
          )
        ) : (
          <Button onClick={() => publish.mutate(f)} loading={publish.isPending}>
            {!publish.isPending && <Icon name="rocket" size={16} />} Publish it now
          </Button>
        )}
        <ButtonLink to={`/flows/${f.id}`} variant="outline">
          Open the flow
        </ButtonLink>
      </div>
      {live && <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">Live: it answers on your accounts now, the sandbox ones included.</p>}
    </Card>
  );
}
