import type { OutboxItem } from '@contracts/simulator';
import { Badge, type BadgeTone } from '../../components/badge';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { formatMessageTime } from '../../lib/format-time';
import type { SimContact } from './simulator.api';
import { outboxKindLabel, recipientLabel } from './simulator.helpers';

const kindTone: Record<OutboxItem['kind'], BadgeTone> = {
  private_reply: 'brand',
  dm: 'info',
  public_reply: 'success',
};

interface OutboxPanelProps {
  items: OutboxItem[] | undefined;
  isPending: boolean;
  error: Error | null;
  contacts: SimContact[];
  /** The contact you are acting as: their items are highlighted. */
  currentContactId: string | null;
  accountUsername: string;
}

/** "What your customer sees": every reply, DM and public reply our automation delivered, newest first. */
export function OutboxPanel({ items, isPending, error, contacts, currentContactId, accountUsername }: OutboxPanelProps) {
  return (
    <Card id="outbox" role="region" className="flex scroll-mt-20 flex-col overflow-hidden" aria-labelledby="outbox-heading">
      <div className="border-b border-slate-200 bg-gradient-to-r from-indigo-600 to-violet-600 px-4 py-3 text-white dark:border-slate-800">
        <h2 id="outbox-heading" className="flex items-center gap-2 font-semibold">
          <Icon name="phone" size={18} /> What your customer sees
        </h2>
        <p className="text-xs text-indigo-100">Messages @{accountUsername} sent to your fake contacts. Updates live.</p>
      </div>
      <div className="max-h-[36rem] min-h-[12rem] overflow-y-auto p-4" aria-live="polite">
        {isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner size={14} /> Loading…
          </p>
        ) : error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            Couldn't load the outbox.
          </p>
        ) : !items || items.length === 0 ? (
          <div className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
            <Icon name="inbox" size={28} className="mx-auto text-slate-300 dark:text-slate-600" />
            <p className="mt-2 font-medium text-slate-700 dark:text-slate-300">Nothing delivered yet</p>
            <p className="mt-1">Comment a rule's keyword on a post, or reply to a DM from the inbox.</p>
          </div>
        ) : (
          <ol aria-label="Delivered messages" className="space-y-3">
            {items.map((item) => (
              <li
                key={item.id}
                data-kind={item.kind}
                className={cn(
                  'rounded-xl border p-3',
                  item.recipientExternalId === currentContactId
                    ? 'border-indigo-200 bg-indigo-50/60 dark:border-indigo-500/30 dark:bg-indigo-500/10'
                    : 'border-slate-200 dark:border-slate-800',
                )}
              >
                <div className="flex flex-wrap items-center gap-2 text-xs">
                  <Badge tone={kindTone[item.kind]}>{outboxKindLabel[item.kind]}</Badge>
                  <span className="text-slate-500 dark:text-slate-400">to {recipientLabel(item, contacts)}</span>
                  <time dateTime={item.createdAt} className="ml-auto text-slate-400">
                    {formatMessageTime(item.createdAt)}
                  </time>
                </div>
                <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">{item.text}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
