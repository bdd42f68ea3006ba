import type { Conversation } from '@contracts/inbox';
import { useCurrentUser } from '../../auth/use-current-user';
import { useCan } from '../../team/use-can';
import { memberName, useTeamMembers } from './use-team-members';

const UNASSIGNED = '';

/**
 * Who handles the conversation, in the thread's header: a picker (Unassigned, Me, each teammate who
 * may reply) for a role that can change conversations, the name alone for one that cannot.
 */
export function AssigneePicker({
  conversation,
  onAssign,
  pending,
}: {
  conversation: Conversation;
  onAssign: (assigneeId: string | null) => void;
  pending: boolean;
}) {
  const { user } = useCurrentUser();
  const team = useTeamMembers();
  const mayAssign = useCan('inbox:write');
  const current = conversation.assigneeId;
  const label = current === null ? 'Unassigned' : current === user?.id ? 'You' : team.nameOf(current);

  if (!mayAssign) {
    return (
      <span className="text-xs text-slate-500 dark:text-slate-400">
        Assignee: <span className="font-medium text-slate-700 dark:text-slate-200">{label}</span>
      </span>
    );
  }
  const others = team.assignable.filter((m) => m.userId !== user?.id);
  // A removed member still shown until the list refreshes: keep the select's value valid.
  const unknown = current !== null && current !== user?.id && !others.some((m) => m.userId === current);
  return (
    <label className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
      <span>Assignee</span>
      <select
        value={current ?? UNASSIGNED}
        disabled={pending}
        onChange={(e) => onAssign(e.target.value === UNASSIGNED ? null : e.target.value)}
        className="h-8 max-w-[11rem] truncate rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
      >
        <option value={UNASSIGNED}>Unassigned</option>
        {user && <option value={user.id}>Me ({memberName(user)})</option>}
        {others.map((m) => (
          <option key={m.userId} value={m.userId}>
            {memberName(m)}
          </option>
        ))}
        {unknown && <option value={current}>{label}</option>}
      </select>
    </label>
  );
}
