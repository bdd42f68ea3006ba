import type { Message } from '@contracts/inbox';
import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';
import { formatMessageTime } from '../../lib/format-time';

const sourceLabel: Partial<Record<Message['source'], string>> = {
  comment_rule: 'Comment rule',
  flow: 'Flow',
  broadcast: 'Broadcast',
  sequence: 'Sequence',
  opt_out: 'Opt-out reply',
};

/**
 * Outbound on the right, inbound on the left (docs/product-spec.md §2); queued shows a clock, failed its error.
 * The person's public comment (what an automation answered) is outlined and labelled as such.
 */
export function MessageBubble({ message }: { message: Message }) {
  const outbound = message.direction === 'outbound';
  const automated = sourceLabel[message.source];
  const comment = message.source === 'comment';
  return (
    <li className={cn('flex flex-col', outbound ? 'items-end' : 'items-start')} data-direction={message.direction}>
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[70%]',
          outbound ? 'rounded-br-md bg-indigo-600 text-white' : 'rounded-bl-md bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
          comment && 'border border-dashed border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900',
          message.status === 'failed' && 'bg-red-50 text-red-900 ring-1 ring-red-300 dark:bg-red-500/10 dark:text-red-200',
        )}
      >
        {message.content}
      </div>
      <div className="mt-1 flex items-center gap-1.5 px-1 text-[11px] text-slate-500 dark:text-slate-400">
        {comment && (
          <span className="inline-flex items-center gap-0.5 font-medium text-slate-600 dark:text-slate-300">
            <Icon name="message-square" size={11} /> Public comment
          </span>
        )}
        {automated && (
          <span className="inline-flex items-center gap-0.5 font-medium text-indigo-600 dark:text-indigo-300">
            <Icon name="zap" size={11} /> {automated}
          </span>
        )}
        <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        {outbound && message.status === 'queued' && (
          <span title="Queued — sending" aria-label="Queued" role="img">
            <Icon name="clock" size={12} />
          </span>
        )}
        {outbound && message.status === 'sent' && (
          <span title="Sent" aria-label="Sent" role="img">
            <Icon name="check" size={12} />
          </span>
        )}
      </div>
      {message.status === 'failed' && (
        <p className="mt-0.5 px-1 text-xs text-red-600 dark:text-red-400">Not delivered{message.error ? `: ${message.error}` : ''}</p>
      )}
    </li>
  );
}
