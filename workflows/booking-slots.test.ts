import { describe, expect, it } from 'vitest';
import { availabilitySchema, defaultAvailability, type Availability } from '../contracts/bookings';
import { instantOf, openSlots } from './booking-slots';

const closed = { sun: [], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] };
const base = (over: Partial<Availability>): Availability => ({
  ...defaultAvailability('UTC'),
  minNoticeMinutes: 0,
  reminderMinutes: null,
  ...over,
});
const starts = (a: Availability, now: string, limit = 50, busy: { startsAt: Date; endsAt: Date }[] = []) =>
  openSlots(a, busy, new Date(now), limit).map((s) => s.startsAt);

describe('open slots', () => {
  it('lays slots out from each range every slot + buffer, in the zone, after the notice', () => {
    // Monday 2026-12-07 in Berlin (UTC+1): 09:00–11:00 local, 30-minute slots, 15-minute buffer.
    const a = base({
      timeZone: 'Europe/Berlin',
      weekly: { ...closed, mon: [{ start: '09:00', end: '11:00' }] },
      slotMinutes: 30,
      bufferMinutes: 15,
      horizonDays: 1,
    });
    expect(starts(a, '2026-12-07T06:00:00Z')).toEqual(['2026-12-07T08:00:00.000Z', '2026-12-07T08:45:00.000Z', '2026-12-07T09:30:00.000Z']);
    // Two hours' notice at 07:30 UTC (08:30 local) leaves the 10:30 local slot only.
    expect(starts({ ...a, minNoticeMinutes: 120 }, '2026-12-07T07:30:00Z')).toEqual(['2026-12-07T09:30:00.000Z']);
    expect(openSlots(a, [], new Date('2026-12-07T06:00:00Z'), 1)[0]).toEqual({
      startsAt: '2026-12-07T08:00:00.000Z',
      endsAt: '2026-12-07T08:30:00.000Z',
      label: 'Mon 7 Dec, 09:00',
    });
  });

  it('keeps the wall-clock hours across a DST change (Berlin, last Sunday of March and of October)', () => {
    const a = base({
      timeZone: 'Europe/Berlin',
      weekly: { ...closed, fri: [{ start: '09:00', end: '10:00' }], mon: [{ start: '09:00', end: '10:00' }] },
      slotMinutes: 60,
    });
    // Friday 27 March 2026 is UTC+1; Monday 30 March is UTC+2: 09:00 local is 08:00 and 07:00 UTC.
    expect(starts(a, '2026-03-26T12:00:00Z', 2)).toEqual(['2026-03-27T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
    // Back in October: Friday 23 (UTC+2) and Monday 26 (UTC+1).
    expect(starts(a, '2026-10-22T12:00:00Z', 2)).toEqual(['2026-10-23T07:00:00.000Z', '2026-10-26T08:00:00.000Z']);
  });

  it('skips the hour that does not exist and takes the first of the hour that happens twice (New York)', () => {
    // 2026-03-08: 02:00 → 03:00 in New York; 02:30 does not exist.
    expect(instantOf(Date.UTC(2026, 2, 8, 2, 30), 'America/New_York')).toBeNull();
    // 2026-11-01: 01:30 happens at 05:30 UTC (EDT) and again at 06:30 UTC (EST): the first.
    expect(new Date(instantOf(Date.UTC(2026, 10, 1, 1, 30), 'America/New_York')!).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    const a = base({ timeZone: 'America/New_York', weekly: { ...closed, sun: [{ start: '01:00', end: '04:00' }] }, slotMinutes: 60 });
    // Spring: 01:00 EST, (02:00 missing), 03:00 EDT.
    expect(starts(a, '2026-03-07T12:00:00Z', 2)).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z']);
  });

  it('leaves out booked times and the buffer around them, and stops at the horizon', () => {
    const a = base({ weekly: { ...closed, mon: [{ start: '09:00', end: '12:00' }] }, slotMinutes: 60, bufferMinutes: 0, horizonDays: 7 });
    const busy = [{ startsAt: new Date('2026-12-07T10:00:00Z'), endsAt: new Date('2026-12-07T11:00:00Z') }];
    expect(starts(a, '2026-12-07T00:00:00Z', 50, busy)).toEqual(['2026-12-07T09:00:00.000Z', '2026-12-07T11:00:00.000Z']);
    // With a 30-minute buffer the neighbours of a booked hour are too close.
    expect(starts({ ...a, slotMinutes: 30, bufferMinutes: 30 }, '2026-12-07T00:00:00Z', 50, busy)).toEqual(['2026-12-07T09:00:00.000Z']);
    // A week from Monday 00:00 reaches the next Monday's midnight, not its hours.
    expect(starts(a, '2026-12-07T00:00:00Z')).not.toContain('2026-12-14T09:00:00.000Z');
  });

  it('refuses overlapping ranges and an end before the start, in plain words', () => {
    const bad = availabilitySchema.safeParse({
      ...base({}),
      weekly: {
        ...closed,
        mon: [
          { start: '09:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ],
      },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Ranges on the same day must not overlap');
    const backwards = availabilitySchema.safeParse({ ...base({}), weekly: { ...closed, tue: [{ start: '17:00', end: '09:00' }] } });
    expect(backwards.error?.issues[0]?.message).toBe('The end must be after the start');
  });
});
