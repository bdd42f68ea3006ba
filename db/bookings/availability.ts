import type pg from 'pg';
import { availabilitySchema, defaultAvailability, type AvailabilityResponse, type Availability } from '../../contracts/bookings';
import { readWorkspaceTimeZone } from '../workspaces/time-zone';

type Db = Pick<pg.Pool, 'query'>;

/** The workspace's availability; never saved (or unreadable): weekdays 9 to 5 in the workspace's zone. */
export async function readAvailability(db: Db, workspaceId: string): Promise<AvailabilityResponse> {
  const { rows } = await db.query<{ availability: unknown }>('select availability from booking_availability where workspace_id = $1', [workspaceId]);
  const parsed = rows[0] ? availabilitySchema.safeParse(rows[0].availability) : null;
  if (parsed?.success) return { availability: parsed.data, saved: true };
  return { availability: defaultAvailability(await readWorkspaceTimeZone(db, workspaceId)), saved: false };
}

export async function writeAvailability(db: Db, workspaceId: string, availability: Availability): Promise<void> {
  await db.query(
    `insert into booking_availability (workspace_id, availability, updated_at) values ($1, $2, now())
     on conflict (workspace_id) do update set availability = excluded.availability, updated_at = now()`,
    [workspaceId, JSON.stringify(availability)],
  );
}
