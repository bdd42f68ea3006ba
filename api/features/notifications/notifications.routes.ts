import type pg from 'pg';
import { listNotifications, markNotificationRead } from '../../../db/notifications/user-notifications';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';

/** The bell, mounted at /api/notifications: the user's own notifications only (404 for anyone else's id). */
export function notificationsRoutes(pool: pg.Pool) {
  const router = authedRouter('account:self');
  router.get('/', async (req, res) => {
    res.json(await listNotifications(pool, currentUser(req).id));
  });
  router.post('/:id/read', async (req, res) => {
    if (!(await markNotificationRead(pool, currentUser(req).id, idParam(req)))) throw new AppError('NOT_FOUND', 'Notification not found');
    res.json(await listNotifications(pool, currentUser(req).id));
  });
  return router;
}
