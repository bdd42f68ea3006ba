import type { Conversation } from '@contracts/inbox';
import type { ReactNode } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { PlatformIcon, platformLabel } from '../../components/platform-icon';
import { nextStatusAction, statusTone } from './inbox.helpers';
import { TagPopover } from './tag-popover';

interface ThreadHeaderProps {
  conversation: Conversation;
  /** Inbox header actions (Close/Reopen, Tag); the Conversation Manager leaves them out. */
  actions?: {
    onStatus: (status: 'open' | 'closed') => void;
    onTags: (tags: string[]) => void;
    pending: boolean;
  };
  /** Phones show one pane at a time: this goes back to the list. */
  onBack?: () => void;
  /** Shows or hides the contact panel. */
  contact?: { open: boolean; onToggle: () => void };
  /** Who handles it (the inbox's assignee picker, ./assignment/assignee-picker.tsx). */
  assignee?: ReactNode;
}

export function ThreadHeader({ conversation: c, actions, onBack, contact, assignee }: ThreadHeaderProps) {
  const next = nextStatusAction(c.status);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      {onBack && (
        <button
          type="button"
          onClick={onBack}
          aria-label="Back to conversations"
          className="-ml-2 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 md:hidden dark:hover:bg-slate-800"
        >
          <Icon name="arrow-left" size={18} />
        </button>
      )}
      <PlatformIcon platform={c.platform} size={32} />
      <div className="min-w-0 flex-1 basis-40">
        <h2 className="truncate font-semibold text-slate-900 dark:text-white">{c.customerName}</h2>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500 dark:text-slate-400">
          <span>{platformLabel(c.platform)}</span>
          {c.customerUsername && <span>@{c.customerUsername}</span>}
          <Badge tone={statusTone(c.status)} className="capitalize">
            {c.status}
          </Badge>
          {c.contactOptedOut && <Badge tone="warning">Opted out</Badge>}
        </p>
      </div>
      {assignee}
      {actions && (
        <div className="ml-auto flex items-center gap-2">
          <Button variant={next.label === 'Close' ? 'outline' : 'primary'} size="sm" loading={actions.pending} onClick={() => actions.onStatus(next.status)}>
            <Icon name={next.label === 'Close' ? 'check-circle' : 'refresh'} size={16} />
            {next.label}
          </Button>
          <TagPopover tags={c.tags} onSave={actions.onTags} pending={actions.pending} />
          {contact && (
            <Button variant={contact.open ? 'secondary' : 'outline'} size="sm" aria-pressed={contact.open} onClick={contact.onToggle} title="Contact details">
              <Icon name="user" size={16} />
              <span className="hidden sm:inline">Contact</span>
              <span className="sr-only sm:hidden">Contact</span>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
