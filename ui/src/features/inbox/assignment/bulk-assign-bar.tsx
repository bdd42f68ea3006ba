import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../auth/use-current-user';
import { inboxKeys } from '../inbox.keys';
import { bulkAssign } from './assignment.api';
import { memberName, useTeamMembers } from './use-team-members';

/**
 * Assigns the conversations ticked in the list at once (POST /api/conversations/assign, all or none),
 * then clears the ticks. Shown over the list while choosing.
 */
export function BulkAssignBar({ selected, onDone, onCancel }: { selected: string[]; onDone: () => void; onCancel: () => void }) {
  const { user } = useCurrentUser();
  const team = useTeamMembers();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<string>('');
  const assign = useMutation({
    mutationFn: (assigneeId: string | null) => bulkAssign(selected, assigneeId),
    onSuccess: (result) => {
      toast({ title: `${result.updated} conversation${result.updated === 1 ? '' : 's'} reassigned`, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists });
      onDone();
    },
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not assign the conversations'), variant: 'destructive' }),
  });
  const others = team.assignable.filter((m) => m.userId !== user?.id);
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-indigo-200 bg-indigo-50 px-3 py-2 text-sm dark:border-indigo-900 dark:bg-indigo-950/40">
      <span className="w-full font-medium text-slate-900 dark:text-white">
        {selected.length === 0 ? 'Tick conversations to assign' : `${selected.length} selected`}
      </span>
      <label className="sr-only" htmlFor="bulk-assignee">
        Assign to
      </label>
      <select
        id="bulk-assignee"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        className="h-8 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
      >
        <option value="">Assign to…</option>
        {user && <option value={user.id}>Me ({memberName(user)})</option>}
        {others.map((m) => (
          <option key={m.userId} value={m.userId}>
            {memberName(m)}
          </option>
        ))}
        <option value="none">Unassigned</option>
      </select>
      <Button size="sm" disabled={!target || selected.length === 0} loading={assign.isPending} onClick={() => assign.mutate(target === 'none' ? null : target)}>
        Assign
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
