/**
 * A DM that cancels or reschedules the contact's next booking: the whole message is the word, with
 * an optional "booking" or "appointment" ("cancel", "Reschedule my booking."). Anything longer is a
 * conversation, left to flows and people.
 */
export function bookingCommand(text: string): 'cancel' | 'reschedule' | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[.!\s]+$/, '')
    .replace(/\s+/g, ' ');
  const m = /^(cancel|reschedule)(?: (?:my |the )?(?:booking|appointment|call|meeting))?$/.exec(t);
  return m ? (m[1] as 'cancel' | 'reschedule') : null;
}
