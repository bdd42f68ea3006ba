import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { AvailabilityCard } from './availability-card';
import { BookingRow } from './booking-row';
import { bookingKeys, fetchBookings } from './bookings.api';

/**
 * Bookings: the availability a Book a Time flow step offers, and the times people booked (upcoming
 * soonest first, past latest first), each with its reminder's fate and a cancel.
 */
export function BookingsPage() {
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  return (
    <div>
      <PageHeader
        title="Bookings"
        description="Times people booked in a DM through a Book a Time step, and the hours those steps offer."
        actions={
          <div role="tablist" aria-label="Bookings" className="inline-flex rounded-lg border border-slate-200 p-0.5 dark:border-slate-700">
            {(['upcoming', 'past'] as const).map((w) => (
              <button
                key={w}
                role="tab"
                type="button"
                aria-selected={when === w}
                onClick={() => setWhen(w)}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${when === w ? 'bg-indigo-600 text-white' : 'text-slate-700 dark:text-slate-300'}`}
              >
                {w === 'upcoming' ? 'Upcoming' : 'Past'}
              </button>
            ))}
          </div>
        }
      />
      <BookingList when={when} />
      <AvailabilityCard />
    </div>
  );
}

function BookingList({ when }: { when: 'upcoming' | 'past' }) {
  const list = useQuery({ queryKey: bookingKeys.list(when), queryFn: () => fetchBookings(when) });
  if (list.isPending) return <p className="mb-6 text-sm text-slate-500">Loading bookings…</p>;
  if (list.isError) return <p className="mb-6 text-sm text-red-600">{errorMessage(list.error, 'Could not load bookings')}</p>;
  if (list.data.length === 0)
    return (
      <Card className="mb-6 p-6 text-sm text-slate-600 dark:text-slate-400">
        {when === 'upcoming' ? (
          <>
            No upcoming bookings. Add a <strong>Book a Time</strong> step to a flow in the{' '}
            <Link to="/flows" className="text-indigo-700 underline dark:text-indigo-300">
              Flow Builder
            </Link>{' '}
            to let people book from a DM.
          </>
        ) : (
          'No past bookings yet.'
        )}
      </Card>
    );
  return (
    <div className="mb-6 space-y-2">
      {list.data.map((b) => (
        <BookingRow key={b.id} booking={b} />
      ))}
    </div>
  );
}
