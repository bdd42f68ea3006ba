import type pg from 'pg';
import {
  changePasswordBodySchema,
  deleteAccountBodySchema,
  FRESH_SIGN_IN_MINUTES,
  notificationSettingsSchema,
  SIGN_IN_AGAIN_TO_DELETE,
  updateProfileBodySchema,
  type NotificationSettings,
} from '../../contracts/auth';
import { AppError } from '../http/errors';
import { accountKey } from '../http/rate-limit';
import { authedRouter, currentUser } from '../http/routers';
import { parseBody } from '../http/validate';
import { deleteAccount } from '../../db/auth/delete-account';
import { getNotificationSettings, saveNotificationSettings } from '../../db/auth/notification-settings';
import type { LoginThrottles } from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import { assertPasswordPolicy } from './password-policy';
import { setPasswordAndEndSessions } from '../../db/sessions/end-sessions';
import { destroySession } from './session';
import { updateUser } from '../../db/auth/users';
import { toPublicUser } from './public-user';

export interface AccountRouteDeps {
  pool: pg.Pool;
  cookieName: string;
  throttles: LoginThrottles;
}

export const DELETE_CONFIRMATION = 'DELETE';

/** 409: the account owns workspaces whose other members would lose their owner. */
function ownedWorkspacesError(names: string[]): AppError {
  const list = names.map((n) => `"${n}"`).join(', ');
  return new AppError(
    'CONFLICT',
    `You are the only owner of ${list}, which other people belong to. Make one of them owner (Settings → Team) or remove them before you delete your account.`,
    { ownedWorkspaces: names },
  );
}

/** Account self-service on the Settings page (docs/product-spec.md §2): name, password, notifications, deletion. */
export function accountRoutes({ pool, cookieName, throttles }: AccountRouteDeps) {
  const router = authedRouter('account:self');

  router.patch('/api/account/profile', async (req, res) => {
    const body = parseBody(updateProfileBodySchema, req);
    const row = await updateUser(pool, currentUser(req).id, { firstName: body.firstName, lastName: body.lastName || null });
    if (!row) throw new AppError('NOT_FOUND', 'Account not found');
    res.json(toPublicUser(row));
  });

  // The current password is asked for (a borrowed, signed-in laptop is not enough), except on
  // accounts that have none yet (Google/Facebook sign-in only). Every other session is ended.
  router.post('/api/account/password', async (req, res) => {
    const user = currentUser(req);
    const body = parseBody(changePasswordBodySchema, req);
    if (user.isDemo) throw new AppError('FORBIDDEN', 'Demo accounts cannot have a password. Create an account to keep your work.');
    if (user.passwordHash) {
      if (!body.currentPassword) {
        throw new AppError('BAD_REQUEST', 'Current password is required', [{ path: 'currentPassword', message: 'Current password is required' }]);
      }
      // Wrong current passwords count toward the sign-in delays: same secret, same budget.
      const attempt = await throttles.attempt(req, res, user.email);
      if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
        throw new AppError('BAD_REQUEST', 'Current password is incorrect', [{ path: 'currentPassword', message: 'Current password is incorrect' }]);
      }
      await attempt.succeeded();
    }
    assertPasswordPolicy(body.newPassword, user.email, 'newPassword');
    await setPasswordAndEndSessions(pool, user.id, await hashPassword(body.newPassword), req.sessionID);
    res.json({ success: true, message: 'Password updated. Your other sessions have been signed out.' });
  });

  router.get('/api/account/notifications', async (req, res) => {
    const settings: NotificationSettings = await getNotificationSettings(pool, currentUser(req).id);
    res.json(settings);
  });

  router.put('/api/account/notifications', async (req, res) => {
    const body = parseBody(notificationSettingsSchema, req);
    await saveNotificationSettings(pool, currentUser(req).id, body);
    res.json(body);
  });

  // Danger zone: the user types their email or DELETE, and proves it is them (a signed-in laptop left
  // open is not enough): the password, or for an account without one a sign-in in the last
  // FRESH_SIGN_IN_MINUTES. A demo workspace is the visitor's own throwaway. The workspaces they are
  // alone in go with them; they leave the others; refused while they alone own one that has other
  // members. Their email leaves the newsletter, rate-limit and dev-outbox rows.
  router.delete('/api/account', async (req, res) => {
    const user = currentUser(req);
    const { confirmation, password } = parseBody(deleteAccountBodySchema, req);
    if (confirmation !== DELETE_CONFIRMATION && confirmation.toLowerCase() !== user.email.toLowerCase()) {
      const message = 'Type your email address or DELETE to confirm';
      throw new AppError('BAD_REQUEST', message, [{ path: 'confirmation', message }]);
    }
    if (user.passwordHash) {
      if (!password) throw new AppError('BAD_REQUEST', 'Enter your password to delete your account', [{ path: 'password', message: 'Password is required' }]);
      // Wrong passwords count toward the sign-in delays: same secret, same budget.
      const attempt = await throttles.attempt(req, res, user.email);
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('BAD_REQUEST', 'Password is incorrect', [{ path: 'password', message: 'Password is incorrect' }]);
      }
      await attempt.succeeded();
    } else if (!user.isDemo) {
      const signedInAt = req.session.signedInAt ?? 0;
      if (Date.now() - signedInAt > FRESH_SIGN_IN_MINUTES * 60_000) throw new AppError('FORBIDDEN', SIGN_IN_AGAIN_TO_DELETE);
    }
    const result = await deleteAccount(pool, { userId: user.id, email: user.email, accountKey: accountKey(user.email) });
    if (!result.deleted) throw ownedWorkspacesError(result.ownedWithMembers);
    await destroySession(req, res, cookieName);
    res.json({ success: true, message: 'Your account and its data have been deleted.' });
  });

  return router;
}
