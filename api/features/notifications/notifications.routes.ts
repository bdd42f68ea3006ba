import type pg from 'pg';
import { testNotificationBodySchema, type TestNotificationResponse } from '../../../contracts/notifications';
import { createTestNotification, listNotifications, markNotificationRead } from '../../../db/notifications/user-notifications';
import { AppError } from '../../http/errors';
import { pgRateLimit } from '../../http/rate-limit';
import { authedRouter, currentActor, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';

/**
 * The bell, mounted at /api/notifications: the user's own notifications in the workspace the request
 * acts in (404 for anyone else's id, or another workspace's).
 */
export function notificationsRoutes(pool: pg.Pool) {
  const router = authedRouter('account:self');
  router.get('/', async (req, res) => {
    res.json(await listNotifications(pool, currentActor(req)));
  });
  router.post('/:id/read', async (req, res) => {
    if (!(await markNotificationRead(pool, currentActor(req), idParam(req)))) throw new AppError('NOT_FOUND', 'Notification not found');
    res.json(await listNotifications(pool, currentActor(req)));
  });
  // docs/product-spec.md §7 POST /api/notifications/test {message}: a notice to yourself, to see that
  // the bell works. Only ever your own bell; a few a minute per address, so it cannot fill the table.
  const testLimit = pgRateLimit(pool, { name: 'notify-test', windowMs: 60_000, limit: 10, message: 'Too many test notifications. Try again in a minute.' });
  router.post('/test', testLimit, async (req, res) => {
    const { message } = parseBody(testNotificationBodySchema, req);
    const user = currentUser(req);
    const body: TestNotificationResponse = { id: await createTestNotification(pool, user.workspaceId, user.id, message) };
    res.status(201).json(body);
  });
  return router;
}
