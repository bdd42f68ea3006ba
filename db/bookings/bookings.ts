import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Booking } from '../../contracts/bookings';

type Db = Pick<pg.Pool, 'query'>;

/** The booked ranges of a workspace that end after `from` (the open-slot read; the exclusion constraint's index serves it). */
export async function busyRanges(db: Db, workspaceId: string, from: Date): Promise<{ startsAt: Date; endsAt: Date }[]> {
  const { rows } = await db.query<{ starts_at: Date; ends_at: Date }>(
    `select starts_at, ends_at from bookings where workspace_id = $1 and status = 'booked' and ends_at > $2 order by starts_at`,
    [workspaceId, from],
  );
  return rows.map((r) => ({ startsAt: r.starts_at, endsAt: r.ends_at }));
}

export interface NewBooking {
  workspaceId: string;
  accountId: string;
  contactId: string;
  runId: string;
  stepSeq: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  remindAt: Date | null;
}

export interface MadeBooking {
  id: string;
  token: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Books a slot atomically: the exclusion constraint `bookings_no_overlap` refuses an overlapping
 * booked range (a concurrent insert waits for the other transaction, then conflicts), and
 * `ON CONFLICT DO NOTHING` turns that into no row. A step carried out again (a crash after the
 * insert committed) finds its own booking by `(run_id, step_seq)` instead of losing the slot to itself.
 * 'taken' when someone else holds an overlapping time.
 */
export async function bookSlot(db: Db, b: NewBooking): Promise<MadeBooking | 'taken'> {
  const token = randomBytes(24).toString('base64url');
  const { rows } = await db.query<{ id: string; token: string; starts_at: Date; ends_at: Date }>(
    `insert into bookings (workspace_id, account_id, contact_id, run_id, step_seq, starts_at, ends_at, time_zone, token, remind_at, reminder_status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $10::timestamptz is null then 'none' else 'pending' end)
     on conflict do nothing
     returning id, token, starts_at, ends_at`,
    [b.workspaceId, b.accountId, b.contactId, b.runId, b.stepSeq, b.startsAt, b.endsAt, b.timeZone, token, b.remindAt],
  );
  const made = rows[0];
  return made ? { id: made.id, token: made.token, startsAt: made.starts_at, endsAt: made.ends_at } : ((await ownBooking(db, b.runId, b.stepSeq)) ?? 'taken');
}

/** The booking a run's step made already (the step carried out again after a crash), if any. */
export async function ownBooking(db: Db, runId: string, stepSeq: number): Promise<MadeBooking | null> {
  const { rows } = await db.query<{ id: string; token: string; starts_at: Date; ends_at: Date }>(
    'select id, token, starts_at, ends_at from bookings where run_id = $1 and step_seq = $2',
    [runId, stepSeq],
  );
  const r = rows[0];
  return r ? { id: r.id, token: r.token, startsAt: r.starts_at, endsAt: r.ends_at } : null;
}

interface BookingRow {
  id: string;
  contact_id: string;
  contact_name: string;
  platform: Booking['platform'];
  conversation_id: string | null;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  status: Booking['status'];
  cancelled_by: Booking['cancelledBy'];
  cancelled_at: Date | null;
  reminder_status: Booking['reminder'];
  reminder_note: string | null;
  token: string;
  created_at: Date;
}

const bookingColumns = `b.id, b.contact_id, coalesce(nullif(ct.name, ''), ct.username, 'Contact') as contact_name, a.platform,
       (select conv.id from conversations conv where conv.contact_id = b.contact_id order by conv.id limit 1) as conversation_id,
       b.starts_at, b.ends_at, b.time_zone, b.status, b.cancelled_by, b.cancelled_at, b.reminder_status, b.reminder_note, b.token, b.created_at`;

function toBooking(r: BookingRow): Booking {
  return {
    id: r.id,
    contactId: r.contact_id,
    contactName: r.contact_name,
    platform: r.platform,
    conversationId: r.conversation_id,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    timeZone: r.time_zone,
    status: r.status,
    cancelledBy: r.cancelled_by,
    cancelledAt: r.cancelled_at?.toISOString() ?? null,
    reminder: r.reminder_status,
    reminderNote: r.reminder_note,
    icsPath: `/api/public/bookings/${r.token}.ics`,
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * The Bookings page and the contact panel: upcoming (ending after now, soonest first) or past
 * (latest first), at most 200, optionally one contact's.
 */
export async function listBookings(db: Db, workspaceId: string, q: { when: 'upcoming' | 'past'; contactId?: string; now: Date }): Promise<Booking[]> {
  const upcoming = q.when === 'upcoming';
  const { rows } = await db.query<BookingRow>(
    `select ${bookingColumns}
       from bookings b join contacts ct on ct.id = b.contact_id join social_accounts a on a.id = b.account_id
      where b.workspace_id = $1 and ($2::uuid is null or b.contact_id = $2)
        and ${upcoming ? 'b.ends_at > $3' : 'b.ends_at <= $3'}
      order by b.starts_at ${upcoming ? 'asc' : 'desc'}, b.id
      limit 200`,
    [workspaceId, q.contactId ?? null, q.now],
  );
  return rows.map(toBooking);
}

/** A member cancels a booking of the workspace; null: no such booking (or another workspace's). */
export async function cancelBookingById(db: Db, workspaceId: string, id: string): Promise<Booking | null> {
  await db.query(
    `update bookings set status = 'cancelled', cancelled_by = 'member', cancelled_at = now(),
            reminder_status = case when reminder_status = 'pending' then 'none' else reminder_status end
      where workspace_id = $1 and id = $2 and status = 'booked'`,
    [workspaceId, id],
  );
  const { rows } = await db.query<BookingRow>(
    `select ${bookingColumns} from bookings b join contacts ct on ct.id = b.contact_id join social_accounts a on a.id = b.account_id
      where b.workspace_id = $1 and b.id = $2`,
    [workspaceId, id],
  );
  return rows[0] ? toBooking(rows[0]) : null;
}

/** The calendar file's booking, by its unguessable token. */
export async function bookingByToken(db: Db, token: string): Promise<(Booking & { workspaceName: string }) | null> {
  const { rows } = await db.query<BookingRow & { workspace_name: string }>(
    `select ${bookingColumns}, w.name as workspace_name
       from bookings b join contacts ct on ct.id = b.contact_id join social_accounts a on a.id = b.account_id
       join workspaces w on w.id = b.workspace_id
      where b.token = $1`,
    [token],
  );
  return rows[0] ? { ...toBooking(rows[0]), workspaceName: rows[0].workspace_name } : null;
}
