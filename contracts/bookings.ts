import { z } from 'zod';
import { timeZoneSchema } from './time-zone';

/**
 * Bookings (docs/product-spec.md, "Bookings"): a workspace's weekly availability, the slots a Book a
 * time flow step offers from it (workflows/booking-slots.ts), and the bookings people made.
 */

/** Weekdays as JavaScript numbers them (0 = Sunday), the keys of `weekly`. */
export const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof weekdays)[number];
export const weekdayLabels: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 09:00');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One range of open hours on a weekday, wall-clock time in the availability's zone ("24:00" is not a time: end at 23:59). */
export const hoursRange = z
  .object({ start: clock, end: clock })
  .refine((r) => minutesOf(r.end) > minutesOf(r.start), { message: 'The end must be after the start', path: ['end'] });
export type HoursRange = z.infer<typeof hoursRange>;

const dayRanges = z
  .array(hoursRange)
  .max(6, 'At most 6 ranges a day')
  .refine((ranges) => {
    const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    return sorted.every((r, i) => i === 0 || minutesOf(r.start) >= minutesOf(sorted[i - 1]!.end));
  }, 'Ranges on the same day must not overlap');

/** Reminder lead times a workspace may pick; null = no reminder. */
export const reminderChoices = [60, 180, 1440] as const;

export const availabilitySchema = z.object({
  timeZone: timeZoneSchema,
  weekly: z.object({ sun: dayRanges, mon: dayRanges, tue: dayRanges, wed: dayRanges, thu: dayRanges, fri: dayRanges, sat: dayRanges }),
  slotMinutes: z.number().int('Whole minutes only').min(5, 'At least 5 minutes').max(480, 'At most 8 hours'),
  bufferMinutes: z.number().int('Whole minutes only').min(0, 'Must be 0 or more').max(240, 'At most 4 hours'),
  /** How far ahead a slot may be offered. */
  horizonDays: z.number().int('Whole days only').min(1, 'At least 1 day').max(90, 'At most 90 days'),
  /** The earliest a slot may start after now. */
  minNoticeMinutes: z.number().int('Whole minutes only').min(0, 'Must be 0 or more').max(10_080, 'At most 7 days'),
  /** The reminder DM's lead time before the start; null = none. Sent only inside the 24-hour window (docs/platform-apis.md §2.1). */
  reminderMinutes: z
    .number()
    .int()
    .refine((m) => (reminderChoices as readonly number[]).includes(m), 'Pick 1 hour, 3 hours or 24 hours before')
    .nullable(),
});
export type Availability = z.infer<typeof availabilitySchema>;

const nineToFive = [{ start: '09:00', end: '17:00' }];
/** A new workspace's availability: weekdays 9 to 5 in the workspace's zone, 30-minute slots. */
export function defaultAvailability(timeZone: string): Availability {
  return {
    timeZone,
    weekly: { sun: [], mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive, sat: [] },
    slotMinutes: 30,
    bufferMinutes: 0,
    horizonDays: 14,
    minNoticeMinutes: 120,
    reminderMinutes: 1440,
  };
}

/** GET /api/bookings/availability: the availability, and whether it was ever saved (else the default). */
export interface AvailabilityResponse {
  availability: Availability;
  saved: boolean;
}

export const bookingStatuses = ['booked', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** What happened to a booking's reminder: none configured, waiting, sent, or skipped with the reason. */
export const reminderStates = ['none', 'pending', 'sent', 'skipped'] as const;
export type ReminderState = (typeof reminderStates)[number];

/** One booking as the Bookings page and the contact panel show it. */
export interface Booking {
  id: string;
  contactId: string;
  contactName: string;
  /** The account's platform (a Simulator account reads as its platform). */
  platform: 'instagram' | 'facebook' | 'twitter';
  conversationId: string | null;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  status: BookingStatus;
  /** Who cancelled: the contact (by reply) or a member; null while booked. */
  cancelledBy: 'contact' | 'member' | null;
  cancelledAt: string | null;
  reminder: ReminderState;
  /** Why a reminder was skipped, in plain words ("outside the 24-hour messaging window"). */
  reminderNote: string | null;
  /** The calendar file's path (`/api/public/bookings/<token>.ics`). */
  icsPath: string;
  createdAt: string;
}

/** GET /api/bookings?when=upcoming|past[&contactId=] */
export const listBookingsQuery = z.object({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  contactId: z.string().uuid('Not a contact id').optional(),
});
