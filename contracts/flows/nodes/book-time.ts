import { z } from 'zod';
import { META_MAX_QUICK_REPLIES } from '../../reply-options';
import { duration, durationMs, maxDelayMs, messageText } from './shared';

/**
 * bookTime: offers the next open slots of the workspace's availability (Settings → Bookings;
 * workflows/booking-slots.ts) on the run's own channel, as quick replies on Instagram and Messenger
 * (docs/platform-apis.md §2.5) and as a numbered list on X (its DMs have none, §4.2), then waits for
 * the pick like Ask a question. The pick is booked atomically (db/bookings/bookings.ts bookSlot): if
 * someone took it meanwhile, `takenMessage` and fresh slots are offered. Booked: the confirmation
 * DM, with the calendar file's link, then the "booked" branch. No open slot, or no slot picked after
 * `retries` re-offers: "noSlot". No answer in time: "timeout".
 * The confirmation fills `{booking_time}`, `{booking_zone}` and `{booking_link}` besides the contact's variables.
 */
export const bookTimeConfig = z.object({
  prompt: messageText.max(640, 'Messages are limited to 640 characters'),
  slots: z
    .number()
    .int('Whole numbers only')
    .min(1, 'Offer at least 1 slot')
    .max(META_MAX_QUICK_REPLIES, `Instagram and Messenger show at most ${META_MAX_QUICK_REPLIES} quick replies: offer at most ${META_MAX_QUICK_REPLIES} slots`)
    .default(5),
  retryMessage: messageText.max(640, 'Messages are limited to 640 characters'),
  takenMessage: messageText.max(640, 'Messages are limited to 640 characters'),
  retries: z.number().int('Whole numbers only').min(0, 'Must be 0 or more').max(5, 'At most 5 retries').default(2),
  timeout: duration.refine((d) => durationMs(d) > 0 && durationMs(d) <= maxDelayMs, 'Timeout must be between 1 second and 365 days'),
  confirmation: messageText.max(1000, 'Messages are limited to 1,000 characters'),
});

export const bookTimeHandles = ['booked', 'noSlot', 'timeout'] as const;

export const bookTimeDefault = {
  prompt: 'Pick a time that suits you 👇',
  slots: 5,
  retryMessage: 'Please pick one of these times (or reply with its number):',
  takenMessage: 'Sorry, someone just took that time. Here are the next open ones:',
  retries: 2,
  timeout: { amount: 1, unit: 'days' },
  confirmation: "You're booked for {booking_time} ({booking_zone}). Add it to your calendar: {booking_link}",
} satisfies z.infer<typeof bookTimeConfig>;
