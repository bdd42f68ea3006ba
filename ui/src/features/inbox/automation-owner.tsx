import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Conversation, ConversationsPage } from '@contracts/inbox';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { useToast } from '../../components/toast/use-toast';
import { apiPost, errorMessage } from '../../lib/api';
import { replaceConversation } from './inbox.helpers';
import { inboxKeys } from './inbox.keys';

type ListData = InfiniteData<ConversationsPage, string | undefined>;

/** POST /api/conversations/:id/automation (contracts/takeover.ts); the cached rows take the answer. */
function useSetAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      apiPost<Conversation>(`/api/conversations/${encodeURIComponent(id)}/automation`, { paused }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<ListData>({ queryKey: inboxKeys.lists }, (data) => replaceConversation(data, updated));
      queryClient.setQueryData(inboxKeys.detail(updated.id), updated);
    },
  });
}

function until(iso: string): string {
  const d = new Date(iso);
  const sameDay = d.toDateString() === new Date().toDateString();
  const time = d.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return sameDay ? `today at ${time}` : `${d.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' })} at ${time}`;
}

/**
 * Who answers this conversation (human takeover, contracts/takeover.ts): the bot, or the member who
 * took over — then automation is paused until Resume or the quiet time's end. `canAct`: the role may
 * pause or resume (inbox:write).
 */
export function AutomationOwner({ conversation: c, canAct }: { conversation: Conversation; canAct: boolean }) {
  const { toast } = useToast();
  const set = useSetAutomation();
  const act = (paused: boolean) =>
    set.mutate(
      { id: c.id, paused },
      {
        onSuccess: () => toast({ title: paused ? 'Automation paused for this contact' : 'Automation resumed', variant: 'success' }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not change automation'), variant: 'destructive' }),
      },
    );
  const a = c.automation;
  if (a.paused && a.pausedUntil) {
    return (
      <div
        role="status"
        aria-label="Conversation owner"
        className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-sky-200 bg-sky-50 px-4 py-2 text-xs text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
      >
        <Icon name="user" size={16} className="shrink-0" />
        <div className="min-w-0 flex-1 basis-48">
          <p>
            <span className="font-semibold">{a.pausedBy?.name ?? 'A teammate'}</span> is handling this conversation
          </p>
          <p className="text-sky-800/80 dark:text-sky-200/80" title="No comment rule, flow or broadcast messages this contact while paused.">
            Automation paused until {until(a.pausedUntil)}
          </p>
        </div>
        {canAct && (
          <Button variant="outline" size="sm" loading={set.isPending} onClick={() => act(false)}>
            <Icon name="play" size={14} />
            Resume automation
          </Button>
        )}
      </div>
    );
  }
  return (
    <div
      aria-label="Conversation owner"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-1.5 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400"
    >
      <Icon name="bot" size={14} className="shrink-0" />
      <p className="min-w-0 flex-1">
        {c.contactOptedOut ? 'Automation: nothing automated (the contact opted out).' : 'Automation answers this contact. Replying here pauses it for you.'}
      </p>
      {canAct && !c.contactOptedOut && (
        <button
          type="button"
          onClick={() => act(true)}
          disabled={set.isPending}
          className="rounded px-1.5 py-0.5 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          Pause automation
        </button>
      )}
    </div>
  );
}
