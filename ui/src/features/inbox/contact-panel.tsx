import type { ContactPanel as PanelData } from '@contracts/inbox';
import { Badge } from '../../components/badge';
import { Icon } from '../../components/icon';
import { PlatformIcon, platformLabel } from '../../components/platform-icon';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { formatListTime } from '../../lib/format-time';
import { ContactBookingsSection } from '../bookings/contact-bookings-section';
import { ContactLeadSection } from './contact-lead-section';
import { ContactRunsSection } from './contact-runs-section';
import { ContactSequencesSection } from '../sequences/contact-sequences-section';
import { PanelSection } from './panel-section';
import { useContactPanel } from './use-contact-panel';

interface ContactPanelProps {
  conversationId: string;
  onClose: () => void;
  /** Opens another conversation of the same person. */
  onOpenConversation: (id: string) => void;
}

/** Beside the thread (a drawer on small screens): who this is, their lead, their flow runs, their other conversations. */
export function ContactPanel({ conversationId, onClose, onOpenConversation }: ContactPanelProps) {
  const panel = useContactPanel(conversationId);
  return (
    <aside aria-label="Contact details" className="flex h-full min-h-0 flex-col bg-white dark:bg-slate-900">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="font-semibold text-slate-900 dark:text-white">Contact</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close contact panel"
          className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <Icon name="x" size={16} />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {panel.isPending ? (
          <p className="flex items-center gap-2 p-4 text-sm text-slate-500 dark:text-slate-400">
            <Spinner size={14} /> Loading contact...
          </p>
        ) : panel.error ? (
          <p role="alert" className="p-4 text-sm text-red-600 dark:text-red-400">
            {errorMessage(panel.error, "Couldn't load the contact")}
          </p>
        ) : (
          <PanelBody data={panel.data} conversationId={conversationId} onOpenConversation={onOpenConversation} />
        )}
      </div>
    </aside>
  );
}

function PanelBody({ data, conversationId, onOpenConversation }: { data: PanelData; conversationId: string; onOpenConversation: (id: string) => void }) {
  const { contact } = data;
  const fields = Object.entries(contact.customFields);
  return (
    <>
      <div className="flex items-center gap-3 px-4 py-4">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-lg font-semibold text-white"
        >
          {(contact.name.trim()[0] ?? contact.username?.[0] ?? '?').toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900 dark:text-white">{contact.name || contact.username || 'Unknown'}</p>
          <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <PlatformIcon platform={contact.platform} size={14} />
            {platformLabel(contact.platform)}
            {contact.username && <span className="truncate">@{contact.username}</span>}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">First seen {formatListTime(contact.firstSeenAt)}</p>
        </div>
      </div>
      <PanelSection title="Automated messages">
        {contact.optedOut ? (
          <div role="status" aria-label="Opt-out">
            <Badge tone="warning">Opted out</Badge>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Opted out
              {contact.optedOutAt ? (
                <>
                  {' '}
                  <time dateTime={contact.optedOutAt}>{formatListTime(contact.optedOutAt)}</time>
                </>
              ) : null}
              . No rule, flow or broadcast messages them until they reply START; you can still answer here yourself.
            </p>
          </div>
        ) : (
          <p role="status" aria-label="Opt-out" className="text-sm text-slate-500 dark:text-slate-400">
            <Badge tone="success">Subscribed</Badge> Automations may message them. A DM of an opt-out word (STOP, see Settings) opts them out.
          </p>
        )}
      </PanelSection>
      <PanelSection title="Tags and fields">
        {contact.tags.length === 0 && fields.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No contact tags or custom fields. Flows set them (Add Tag, Set Field).</p>
        ) : (
          <>
            {contact.tags.length > 0 && (
              <ul aria-label="Contact tags" className="flex flex-wrap gap-1">
                {contact.tags.map((t) => (
                  <li key={t}>
                    <Badge tone="brand">#{t}</Badge>
                  </li>
                ))}
              </ul>
            )}
            {fields.length > 0 && (
              <dl className="mt-2 space-y-1 text-xs">
                {fields.map(([key, value]) => (
                  <div key={key} className="flex gap-2">
                    <dt className="shrink-0 text-slate-500 dark:text-slate-400">{key}</dt>
                    <dd className="min-w-0 break-words text-slate-900 dark:text-white">{value === null ? '—' : String(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </>
        )}
      </PanelSection>
      <ContactLeadSection key={data.lead?.id ?? 'none'} lead={data.lead} conversationId={conversationId} />
      <ContactRunsSection runs={data.runs} conversationId={conversationId} />
      <ContactSequencesSection contactId={contact.id} />
      <ContactBookingsSection contactId={contact.id} />
      <PanelSection title="Other conversations">
        {data.otherConversations.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            None: this person has not written to your other {platformLabel(contact.platform)} accounts.
          </p>
        ) : (
          <ul className="space-y-1">
            {data.otherConversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onOpenConversation(c.id)}
                  className="w-full rounded-lg p-2 text-left hover:bg-slate-50 dark:hover:bg-slate-800/60"
                >
                  <span className="flex items-center justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
                    <span className="capitalize">{c.status}</span>
                    <time dateTime={c.lastMessageTime ?? undefined}>{formatListTime(c.lastMessageTime)}</time>
                  </span>
                  <span className="line-clamp-2 text-sm text-slate-800 dark:text-slate-200">{c.lastMessage || 'No messages yet'}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PanelSection>
    </>
  );
}
