import { MESSAGING_WINDOW_MS } from '../contracts/platform-windows';

export interface ReminderFacts {
  platform: 'instagram' | 'facebook' | 'twitter';
  startsAt: Date;
  /** The contact's last message to the account (opens Meta's 24-hour window). */
  lastInboundAt: Date | null;
  optedOut: boolean;
  /** A teammate took the conversation over until then. */
  pausedUntil: Date | null;
}

/**
 * Whether a booking's reminder may go out now, else why not, in the words the Bookings page shows.
 * An automated DM on Instagram or Messenger needs the contact's last message within 24 hours
 * (docs/platform-apis.md §2.1); no message tag covers a reminder, so outside it the reminder is
 * skipped, never tagged. X has no such window (§4.2). Pure: the clock is passed in.
 */
export function reminderDecision(f: ReminderFacts, now: Date): { send: true } | { send: false; reason: string } {
  if (f.startsAt <= now) return { send: false, reason: 'the booking had already started' };
  if (f.optedOut) return { send: false, reason: 'the contact opted out of automated messages' };
  if (f.pausedUntil && f.pausedUntil > now) return { send: false, reason: 'a teammate is handling the conversation' };
  if (f.platform !== 'twitter' && (!f.lastInboundAt || now.getTime() - f.lastInboundAt.getTime() > MESSAGING_WINDOW_MS)) {
    return { send: false, reason: 'outside the 24-hour messaging window' };
  }
  return { send: true };
}
