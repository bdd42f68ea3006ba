import { weekdays, type Availability } from '../contracts/bookings';

/**
 * The open slots of a workspace's availability (contracts/bookings.ts), pure: the clock and the
 * bookings already made are passed in. Slots are laid out from each range's start every
 * `slotMinutes + bufferMinutes`, in the availability's own zone, so "09:00" is 09:00 there in summer
 * and in winter. A wall-clock time that does not exist (the hour skipped when clocks go forward) is
 * no slot; one that happens twice (clocks going back) is its first occurrence.
 */

export interface OpenSlot {
  /** ISO instants (UTC). */
  startsAt: string;
  endsAt: string;
  /** How the slot reads to the contact, in the availability's zone: "Mon 7 Dec, 10:00" (at most 20 characters, a quick reply's title). */
  label: string;
}

export interface BusyRange {
  startsAt: Date;
  endsAt: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const wallFormats = new Map<string, Intl.DateTimeFormat>();
function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let f = wallFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormats.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time in `timeZone` at instant `t`, written as if it were UTC (milliseconds). */
export function wallClock(t: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of wallFormat(timeZone).formatToParts(new Date(t))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

/**
 * The instant at which the wall clock in `timeZone` reads `wall` (a UTC-encoded wall time); null
 * when it never does (a skipped hour), the earlier one when it does twice. Offsets are read a day
 * either side, where no zone changes its offset twice.
 */
export function instantOf(wall: number, timeZone: string): number | null {
  const candidates = [wall - DAY, wall + DAY]
    .map((probe) => wall - (wallClock(probe, timeZone) - probe))
    .filter((t) => wallClock(t, timeZone) === wall)
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

const labelFormats = new Map<string, Intl.DateTimeFormat>();
/** "Mon 7 Dec, 10:00" in the zone (British order: day before month, 24-hour clock). */
export function slotLabel(t: Date, timeZone: string): string {
  let f = labelFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    labelFormats.set(timeZone, f);
  }
  return f.format(t);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Up to `limit` open slots from `now`: within the horizon, after the minimum notice, and clear of
 * every busy range by the buffer on either side.
 */
export function openSlots(a: Availability, busy: BusyRange[], now: Date, limit: number): OpenSlot[] {
  const out: OpenSlot[] = [];
  const earliest = now.getTime() + a.minNoticeMinutes * MINUTE;
  const latest = now.getTime() + a.horizonDays * DAY;
  const slotMs = a.slotMinutes * MINUTE;
  const bufferMs = a.bufferMinutes * MINUTE;
  const stepMin = a.slotMinutes + a.bufferMinutes;
  const today = wallClock(now.getTime(), a.timeZone);
  const todayMidnight = Date.UTC(new Date(today).getUTCFullYear(), new Date(today).getUTCMonth(), new Date(today).getUTCDate());
  const taken = busy.map((b) => ({ from: b.startsAt.getTime() - bufferMs, to: b.endsAt.getTime() + bufferMs }));
  // One day past the horizon: a zone behind UTC can still have slots on the local day after it ends.
  for (let day = 0; day <= a.horizonDays + 1 && out.length < limit; day++) {
    const midnight = todayMidnight + day * DAY;
    const ranges = [...a.weekly[weekdays[new Date(midnight).getUTCDay()]!]].sort((x, y) => minutesOf(x.start) - minutesOf(y.start));
    for (const range of ranges) {
      const end = minutesOf(range.end);
      for (let m = minutesOf(range.start); m + a.slotMinutes <= end && out.length < limit; m += stepMin) {
        const start = instantOf(midnight + m * MINUTE, a.timeZone);
        if (start === null || start < earliest || start > latest) continue;
        const stop = start + slotMs;
        if (taken.some((b) => start < b.to && b.from < stop)) continue;
        out.push({ startsAt: new Date(start).toISOString(), endsAt: new Date(stop).toISOString(), label: slotLabel(new Date(start), a.timeZone) });
      }
    }
  }
  return out;
}
