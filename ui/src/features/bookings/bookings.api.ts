import type { Availability, AvailabilityResponse, Booking } from '@contracts/bookings';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export const bookingKeys = {
  availability: ['bookings', 'availability'] as const,
  list: (when: 'upcoming' | 'past', contactId?: string) => ['bookings', when, contactId ?? 'all'] as const,
};
export const fetchAvailability = () => apiGet<AvailabilityResponse>('/api/bookings/availability');
export const saveAvailability = (body: Availability) => apiRequest<AvailabilityResponse>('PUT', '/api/bookings/availability', body);
export const fetchBookings = (when: 'upcoming' | 'past', contactId?: string) =>
  apiGet<Booking[]>(`/api/bookings?when=${when}${contactId ? `&contactId=${encodeURIComponent(contactId)}` : ''}`);
export const cancelBooking = (id: string) => apiPost<Booking>(`/api/bookings/${encodeURIComponent(id)}/cancel`);

/** "Mon 7 Dec, 10:00–10:30" in the booking's zone. */
export function bookingWhen(b: Pick<Booking, 'startsAt' | 'endsAt' | 'timeZone'>): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: b.timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(b.startsAt));
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: b.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${day}, ${time.format(new Date(b.startsAt))}–${time.format(new Date(b.endsAt))}`;
}

/** What happened to the reminder, in plain words. */
export function reminderText(b: Pick<Booking, 'reminder' | 'reminderNote' | 'status'>): string | null {
  if (b.reminder === 'sent') return 'Reminder sent';
  if (b.reminder === 'skipped') return `Reminder skipped: ${b.reminderNote ?? 'not sent'}`;
  if (b.reminder === 'pending' && b.status === 'booked') return 'Reminder scheduled';
  return null;
}
