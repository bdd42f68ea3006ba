import type { BroadcastAudience } from '@contracts/broadcasts';
import { Spinner } from '../../components/spinner';
import { ConfirmDialog } from '../flows/confirm-dialog';
import { formatDuration, pacingLines } from './broadcast-confirm';

interface BroadcastConfirmDialogProps {
  open: boolean;
  name: string;
  text: string;
  link: string;
  /** Local date-time string of a scheduled send, or '' to send now. */
  runAt: string;
  /** The audience counted as the dialog opened (null while counting). */
  audience: BroadcastAudience | null;
  sending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * "Send to 23 contacts now?": whom it reaches, whom Meta's 24-hour window leaves out and why, and
 * how long the sending takes at each account's real send rate (the API's figures, POST
 * /api/broadcasts/audience), with the message as it goes out. Nothing is sent before Confirm.
 */
export function BroadcastConfirmDialog({ open, name, text, link, runAt, audience, sending, onConfirm, onClose }: BroadcastConfirmDialogProps) {
  const a = audience;
  const reachable = a?.reachable ?? 0;
  const left = a ? a.total - a.reachable : 0;
  const contacts = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'contact' : 'contacts'}`;
  const when = runAt ? new Date(runAt).toLocaleString() : null;
  return (
    <ConfirmDialog
      open={open}
      title={when ? `Schedule “${name}” for ${when}?` : `Send “${name}” now?`}
      confirmLabel={a ? `${when ? 'Schedule for' : 'Send to'} ${contacts(reachable)}` : 'Counting…'}
      cancelLabel="Keep editing"
      pending={sending}
      confirmDisabled={!a || reachable === 0}
      onClose={onClose}
      onConfirm={onConfirm}
      description={
        !a ? (
          <p className="flex items-center gap-2">
            <Spinner size={14} /> Counting the audience…
          </p>
        ) : (
          <div className="space-y-3" data-testid="broadcast-confirm">
            <p className="text-slate-900 dark:text-white">
              It goes to <strong>{contacts(reachable)}</strong> of the {contacts(a.total)} this segment matches
              {when ? ' (counted now; checked again when it starts)' : ''}.
            </p>
            {reachable > 0 && (
              <ul className="list-disc space-y-0.5 pl-5">
                {pacingLines(a).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            {left > 0 && (
              <div>
                <p className="font-medium text-slate-900 dark:text-white">Not sent to {contacts(left)}:</p>
                <ul className="mt-0.5 space-y-0.5">
                  {a.skipped.map((s) => (
                    <li key={s.reason} className="flex justify-between gap-3">
                      <span>{s.reason}</span>
                      <span className="font-medium tabular-nums">{s.count.toLocaleString('en')}</span>
                    </li>
                  ))}
                </ul>
                {a.outsideWindow > 0 && (
                  <p className="mt-1 text-xs">
                    {a.outsideWindow === left ? 'All of them are' : `${contacts(a.outsideWindow)} of them are`} outside Meta’s 24-hour window: a business may
                    message someone only within 24 hours of their last message, and no message tag allows a broadcast.
                  </p>
                )}
              </div>
            )}
            <p>
              <span className="font-medium text-slate-900 dark:text-white">Time to send:</span> {formatDuration(a.etaSeconds)}
              {when ? ' once it starts' : ''}, at each account’s send rate.
            </p>
            <div
              className="rounded-lg bg-slate-100 px-3 py-2 text-sm whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-100"
              aria-label="Message"
            >
              {link ? `${text}\n${link}` : text}
            </div>
          </div>
        )
      }
    />
  );
}
