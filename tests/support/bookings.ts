import type { Availability } from '../../contracts/bookings';
import type { FlowGraph } from '../../contracts/flows';
import { edge, keywordTrigger, node } from './flows';

const allDay = [{ start: '00:00', end: '23:59' }];
/** Open around the clock in UTC, hour slots, no notice: the next slots are the next whole hours. */
export const openHours: Availability = {
  timeZone: 'UTC',
  weekly: { sun: allDay, mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay },
  slotMinutes: 60,
  bufferMinutes: 0,
  horizonDays: 3,
  minNoticeMinutes: 0,
  reminderMinutes: null,
};

/** "book" → Book a Time (3 slots, 1 re-offer, 1 hour) → "See you then" | "No time left". */
export const bookFlow = (dm: 'instagramDM' | 'twitterDM' = 'instagramDM'): FlowGraph => ({
  nodes: [
    keywordTrigger(['book']),
    node('2', 'bookTime', {
      prompt: 'Pick a time',
      slots: 3,
      retryMessage: 'Pick one of these',
      takenMessage: 'Sorry, that one just went',
      retries: 1,
      timeout: { amount: 1, unit: 'hours' },
      confirmation: 'Booked: {booking_time} ({booking_zone}) {booking_link}',
    }),
    node('3', dm, { text: 'See you then' }),
    node('4', dm, { text: 'No time left' }),
    node('5', 'complete'),
  ],
  edges: [edge('1', '2'), edge('2', '3', 'booked'), edge('2', '4', 'noSlot'), edge('2', '5', 'timeout'), edge('3', '5'), edge('4', '5')],
});
