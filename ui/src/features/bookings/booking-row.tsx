import type { Booking } from '@contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { errorMessage } from '../../lib/api';
import { useCan } from '../team/use-can';
import { bookingWhen, cancelBooking, reminderText } from './bookings.api';

/** One booking: who, when (in the availability's zone), its state, its reminder, the calendar file, cancel (which tells the member the contact was not messaged). */
export function BookingRow({ booking: b, compact }: { booking: Booking; compact?: boolean }) {
  const qc = useQueryClient();
  const canCancel = useCan('inbox:write');
  const cancel = useMutation({ mutationFn: () => cancelBooking(b.id), onSuccess: () => void qc.invalidateQueries({ queryKey: ['bookings'] }) });
  const reminder = reminderText(b);
  const upcoming = new Date(b.endsAt) > new Date();
  return (
    <Card className={`flex flex-col gap-2 ${compact ? 'p-3' : 'p-4 sm:flex-row sm:items-center'}`}>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900 dark:text-white">
          {bookingWhen(b)} <span className="text-xs font-normal text-slate-500 dark:text-slate-400">{b.timeZone.replace(/_/g, ' ')}</span>
        </p>
        {!compact && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {b.conversationId ? (
              <Link to={`/inbox?c=${encodeURIComponent(b.conversationId)}`} className="text-indigo-700 underline dark:text-indigo-300">
                {b.contactName}
              </Link>
            ) : (
              b.contactName
            )}{' '}
            · {b.platform === 'facebook' ? 'Messenger' : b.platform === 'twitter' ? 'X' : 'Instagram'}
          </p>
        )}
        {reminder && (
          <p className={`text-xs ${b.reminder === 'skipped' ? 'text-amber-700 dark:text-amber-400' : 'text-slate-500 dark:text-slate-400'}`}>{reminder}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {b.status === 'cancelled' ? (
          <Badge tone="neutral">Cancelled{b.cancelledBy === 'contact' ? ' by contact' : ''}</Badge>
        ) : (
          <Badge tone="success">Booked</Badge>
        )}
        <a href={b.icsPath} className="text-sm text-indigo-700 underline dark:text-indigo-300" download>
          .ics
        </a>
        {canCancel && b.status === 'booked' && upcoming && (
          <Button
            variant="ghost"
            size="sm"
            loading={cancel.isPending}
            onClick={() =>
              window.confirm(`Cancel ${b.contactName}’s booking? Replypilot does not message them about it: tell them yourself.`) && cancel.mutate()
            }
          >
            Cancel
          </Button>
        )}
      </div>
      {cancel.isError && <p className="text-sm text-red-600">{errorMessage(cancel.error, 'Could not cancel')}</p>}
      {/* A member's cancel sends nothing (a DM would need an open window, docs/platform-apis.md §2.1): say so where it happened. */}
      {cancel.isSuccess && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Cancelled. {b.contactName} was not messaged
          {b.conversationId ? (
            <>
              {': '}
              <Link to={`/inbox?c=${encodeURIComponent(b.conversationId)}`} className="text-indigo-700 underline dark:text-indigo-300">
                tell them in the inbox
              </Link>
            </>
          ) : null}
          .
        </p>
      )}
    </Card>
  );
}
