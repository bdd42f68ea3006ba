import { describe, expect, it } from 'vitest';
import { bookingIcs, icsEscape, icsFold } from './booking-ics';

describe('booking .ics', () => {
  it('writes one VEVENT with UID, DTSTAMP and UTC start and end, CRLF line ends', () => {
    const ics = bookingIcs({
      uid: 'b1@replypilot',
      stamp: new Date('2026-12-01T08:00:00.123Z'),
      startsAt: new Date('2026-12-07T09:00:00Z'),
      endsAt: new Date('2026-12-07T09:30:00Z'),
      summary: 'Booking with Ana; hair, nails',
    });
    expect(ics.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Replypilot//Bookings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:b1@replypilot',
      'DTSTAMP:20261201T080000Z',
      'DTSTART:20261207T090000Z',
      'DTEND:20261207T093000Z',
      'SUMMARY:Booking with Ana\\; hair\\, nails',
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('escapes backslashes and newlines, and folds at 75 octets without splitting a character', () => {
    expect(icsEscape('a\\b\nc')).toBe('a\\\\b\\nc');
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = icsFold(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const [i, part] of folded.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});
