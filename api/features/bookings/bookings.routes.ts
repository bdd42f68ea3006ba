import type pg from 'pg';
import { availabilitySchema, listBookingsQuery, type AvailabilityResponse, type Booking } from '../../../contracts/bookings';
import { readAvailability, writeAvailability } from '../../../db/bookings/availability';
import { bookingByToken, cancelBookingById, listBookings } from '../../../db/bookings/bookings';
import { isKnownTimeZone } from '../../../db/workspaces/time-zone';
import { bookingIcs } from '../../../workflows/booking-ics';
import { AppError } from '../../http/errors';
import { authedRouter, can, currentUser, idParam, publicRouter } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';

/**
 * Bookings, mounted at /api/bookings: the workspace's weekly availability (what a Book a time flow
 * step offers), the bookings people made (upcoming and past), and a member's cancel.
 */
export function bookingsRoutes(pool: pg.Pool, now: () => Date) {
  const router = authedRouter({ read: 'workspace:read', write: 'inbox:write' });

  router.get('/availability', async (req, res) => {
    const body: AvailabilityResponse = await readAvailability(pool, currentUser(req).workspaceId);
    res.json(body);
  });

  // Hours are a workspace setting: owners and admins (the router's write permission is the inbox's, for cancelling).
  router.put('/availability', can('settings:manage'), async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const availability = parseBody(availabilitySchema, req);
    if (!(await isKnownTimeZone(pool, availability.timeZone))) {
      throw new AppError('BAD_REQUEST', 'Unknown time zone', [{ path: 'timeZone', message: 'Unknown time zone' }]);
    }
    await writeAvailability(pool, workspaceId, availability);
    const body: AvailabilityResponse = { availability, saved: true };
    res.json(body);
  });

  router.get('/', async (req, res) => {
    const q = parseQuery(listBookingsQuery, req);
    const body: Booking[] = await listBookings(pool, currentUser(req).workspaceId, { ...q, now: now() });
    res.json(body);
  });

  router.post('/:id/cancel', async (req, res) => {
    const booking = await cancelBookingById(pool, currentUser(req).workspaceId, idParam(req));
    if (!booking) throw new AppError('NOT_FOUND', 'Booking not found');
    res.json(booking);
  });
  return router;
}

/**
 * The confirmation DM's calendar link, public: the token (24 random bytes) is the only key, and the
 * file says no more than the DM did (the time and the business's name).
 */
export function bookingIcsRoutes(pool: pg.Pool, now: () => Date) {
  const router = publicRouter();
  router.get('/api/public/bookings/:token.ics', async (req, res) => {
    const token = String(req.params.token ?? '');
    const booking = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await bookingByToken(pool, token) : null;
    if (!booking) throw new AppError('NOT_FOUND', 'Booking not found');
    const ics = bookingIcs({
      uid: `${booking.id}@replypilot`,
      stamp: now(),
      startsAt: new Date(booking.startsAt),
      endsAt: new Date(booking.endsAt),
      summary: `Booking with ${booking.workspaceName}`,
      cancelled: booking.status === 'cancelled',
    });
    res.type('text/calendar; charset=utf-8').attachment('booking.ics').set('Cache-Control', 'no-store').send(ics);
  });
  return router;
}
