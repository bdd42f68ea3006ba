/**
 * One booking as an iCalendar file (RFC 5545): a VCALENDAR with one VEVENT, times in UTC, text
 * escaped (§3.3.11) and lines folded at 75 octets (§3.1), CRLF line ends. Pure: the stamp is passed in.
 */

export interface IcsEvent {
  /** Globally unique and stable for the booking (a calendar updates the event it already holds). */
  uid: string;
  stamp: Date;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description?: string;
  /** CANCELLED once the booking is cancelled: a calendar that imported it shows it as such. */
  cancelled?: boolean;
}

/** 20261207T100000Z */
export function icsUtc(t: Date): string {
  return t
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** TEXT value escaping: backslash, semicolon, comma, and newlines as \n. */
export function icsEscape(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (never inside a UTF-8 character); continuation lines start with a space. */
export function icsFold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const cp = ch.codePointAt(0)!;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    // The first line holds 75 octets; a continuation's leading space counts, so 74 more.
    const max = parts.length === 0 ? 75 : 74;
    if (octets + size > max) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function bookingIcs(e: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Replypilot//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${icsUtc(e.stamp)}`,
    `DTSTART:${icsUtc(e.startsAt)}`,
    `DTEND:${icsUtc(e.endsAt)}`,
    `SUMMARY:${icsEscape(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${icsEscape(e.description)}`] : []),
    `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(icsFold).join('\r\n') + '\r\n';
}
