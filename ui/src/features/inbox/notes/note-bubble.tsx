import type { Message } from '@contracts/inbox';
import { Icon } from '../../../components/icon';
import { formatMessageTime } from '../../../lib/format-time';
import { useCurrentUser } from '../../auth/use-current-user';
import { useTeamMembers } from '../assignment/use-team-members';

/** An internal note in the thread: full width, amber, labelled, never a chat bubble (it was not sent). */
export function NoteBubble({ message }: { message: Message }) {
  const { user } = useCurrentUser();
  const team = useTeamMembers();
  const author = message.authorId === null ? 'A former member' : message.authorId === user?.id ? 'You' : team.nameOf(message.authorId);
  return (
    <li className="flex flex-col items-stretch" data-direction="note">
      <div className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2 text-sm break-words whitespace-pre-wrap text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100">
        {message.content}
      </div>
      <div className="mt-1 flex items-center gap-1.5 px-1 text-[11px] text-slate-500 dark:text-slate-400">
        <span className="inline-flex items-center gap-0.5 font-medium text-amber-700 dark:text-amber-300">
          <Icon name="lock" size={11} /> Internal note · {author}
        </span>
        <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
      </div>
    </li>
  );
}
