import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PanelSection } from '../inbox/panel-section';
import { BookingRow } from './booking-row';
import { bookingKeys, fetchBookings } from './bookings.api';

/** The contact panel's upcoming bookings of this person (the Bookings page has the rest). */
export function ContactBookingsSection({ contactId }: { contactId: string }) {
  const list = useQuery({ queryKey: bookingKeys.list('upcoming', contactId), queryFn: () => fetchBookings('upcoming', contactId) });
  return (
    <PanelSection
      title="Bookings"
      aside={
        <Link to="/bookings" className="text-xs text-indigo-700 underline dark:text-indigo-300">
          All bookings
        </Link>
      }
    >
      {list.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : (list.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No upcoming booking. A flow’s Book a Time step lets them pick a time.</p>
      ) : (
        <div className="space-y-2">
          {(list.data ?? []).map((b) => (
            <BookingRow key={b.id} booking={b} compact />
          ))}
        </div>
      )}
    </PanelSection>
  );
}
