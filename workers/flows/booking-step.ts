import type pg from 'pg';
import type { Activity } from '../../contracts/run-state';
import { readAvailability } from '../../db/bookings/availability';
import { bookSlot, busyRanges, ownBooking, type MadeBooking } from '../../db/bookings/bookings';
import type { RunRow } from '../../db/flows/run-row';
import { openSlots, slotLabel } from '../../workflows/booking-slots';

type BookingActivity = Extract<Activity, { type: 'bookingSlots' } | { type: 'bookSlot' }>;

/** The longest slot list a membership check reads: 90 days of 5-minute slots is more than any availability has. */
const ALL_SLOTS = 30_000;

/**
 * A Book a time step's database activities (workflows/book-time.ts), carried out in the turn's
 * transaction: nothing leaves the database, so the result is the next turn's input at once. Reading
 * slots runs the pure slot layout over the workspace's availability and its booked ranges; booking
 * checks the pick is still an open slot of the current availability and inserts it, where the
 * exclusion constraint settles a race (db/bookings/bookings.ts bookSlot).
 */
export async function runBookingActivity(
  client: pg.PoolClient,
  run: RunRow,
  seq: number,
  activity: BookingActivity,
  ctx: { now: Date; linkBaseUrl: string | null },
): Promise<{ ok: true; output: unknown }> {
  const { availability } = await readAvailability(client, run.workspace_id);
  if (activity.type === 'bookingSlots') {
    const slots = openSlots(availability, await busyRanges(client, run.workspace_id, ctx.now), ctx.now, activity.limit);
    // X's DMs have no quick replies (docs/platform-apis.md §4.2): the offer lists the slots as numbers.
    return { ok: true, output: { slots, quickReplies: run.platform !== 'twitter', timeZone: availability.timeZone } };
  }
  const booked = (made: MadeBooking, timeZone: string) => ({
    ok: true as const,
    output: {
      booked: true,
      bookingId: made.id,
      label: slotLabel(made.startsAt, timeZone),
      timeZone,
      icsUrl: ctx.linkBaseUrl ? `${ctx.linkBaseUrl.replace(/\/+$/, '')}/api/public/bookings/${made.token}.ics` : null,
    },
  });
  // Carried out again after a crash: the booking this step made already.
  const own = await ownBooking(client, run.id, seq);
  if (own) return booked(own, availability.timeZone);
  const open = openSlots(availability, await busyRanges(client, run.workspace_id, ctx.now), ctx.now, ALL_SLOTS);
  const slot = open.find((s) => s.startsAt === new Date(activity.startsAt).toISOString());
  if (!slot) return { ok: true, output: { booked: false } };
  const startsAt = new Date(slot.startsAt);
  const reminderAt = availability.reminderMinutes === null ? null : new Date(startsAt.getTime() - availability.reminderMinutes * 60_000);
  const made = await bookSlot(client, {
    workspaceId: run.workspace_id,
    accountId: run.account_id,
    contactId: run.contact_id,
    runId: run.id,
    stepSeq: seq,
    startsAt,
    endsAt: new Date(slot.endsAt),
    timeZone: availability.timeZone,
    // A reminder whose time has passed already (a slot booked close to its start) is none.
    remindAt: reminderAt && reminderAt > ctx.now ? reminderAt : null,
  });
  return made === 'taken' ? { ok: true, output: { booked: false } } : booked(made, availability.timeZone);
}
