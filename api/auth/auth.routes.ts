import type passport from 'passport';
import type pg from 'pg';
import { loginBodySchema, registerBodySchema, type LoginResponse, type RegisterResponse } from '../../contracts/auth';
import { isConsoleAdmin, type Config } from '../../config/config';
import { AppError } from '../http/errors';
import { authRateLimit } from '../http/rate-limit';
import { publicRouter } from '../http/routers';
import { parseBody } from '../http/validate';
import type { DeviceCookies } from './device-cookie';
import type { LoginThrottles } from './login-throttle';
import { hashPassword } from './password';
import { assertPasswordPolicy } from './password-policy';
import { checkCredentials, destroySession, logIn } from './session';
import { createUserWithWorkspace } from '../../db/auth/users';
import { readWorkspacePlan } from '../../db/usage/record-usage';
import { newWorkspacePlan } from '../../db/workspaces/workspace-plan';
import { toPublicUser, toSignedInUser } from './public-user';

const EMAIL_TAKEN = 'This email is already registered. Please try logging in instead.';

export interface AuthRouteDeps {
  pool: pg.Pool;
  config: Config;
  passport: passport.PassportStatic;
  cookieName: string;
  throttles: LoginThrottles;
  devices: DeviceCookies;
}

export function authRoutes({ pool, config, passport, cookieName, throttles, devices }: AuthRouteDeps) {
  const router = publicRouter();
  const limit = config.authRateLimitPer15Min;

  // /auth/user too: docs/product-spec.md §7 probes it expecting the same JSON 401 when signed out.
  router.get(['/api/auth/user', '/auth/user'], async (req, res) => {
    if (!req.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    // The acting workspace's plan (its owner's) and month's message count, read fresh: counting no
    // longer changes the (cached) user row (ADR 0019). The maintenance job deletes demo workspaces
    // this long after they were made.
    const plan = await readWorkspacePlan(pool, req.user.workspaceId);
    res.json({
      ...toSignedInUser({ ...req.user, ...plan }, config.demo.ttlHours),
      trialEndsAt: plan?.trialEndsAt ?? null,
      isOperator: isConsoleAdmin(config, req.user),
    });
  });

  // The spec's 409 "already registered" tells whoever asks that an email has an account.
  // We keep it (docs/product-spec.md §7: the form shows that message), and bound how fast it can be asked:
  // every registration attempt, 409s included, counts toward the per-address limit.
  router.post('/api/auth/register', authRateLimit(pool, 'register', limit), async (req, res) => {
    const body = parseBody(registerBodySchema, req);
    assertPasswordPolicy(body.password, body.email);
    const passwordHash = await hashPassword(body.password);
    const row = await createUserWithWorkspace(pool, {
      email: body.email,
      passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
      timeZone: body.timeZone,
      plan: newWorkspacePlan(config.trialDays),
    });
    if (row === 'email_taken') throw new AppError('CONFLICT', EMAIL_TAKEN, undefined, { success: false });
    await logIn(req, row);
    devices.issue(res, body.email, null);
    const response: RegisterResponse = { success: true, message: 'Registration successful', user: toPublicUser(row) };
    res.status(201).json(response);
  });

  // Failures slow down whoever makes them (per account and address, or known browser; per address),
  // never the account itself (login-throttle.ts): counted first, given back when the password was right.
  router.post('/api/auth/login', async (req, res) => {
    const body = parseBody(loginBodySchema, req);
    const attempt = await throttles.attempt(req, res, body.email);
    const user = await checkCredentials(passport, req, res);
    if (!user) throw new AppError('UNAUTHORIZED', 'Invalid credentials');
    await attempt.succeeded();
    await logIn(req, user);
    devices.issue(res, body.email, devices.read(req, body.email));
    const response: LoginResponse = { message: 'Login successful', user: toPublicUser(user) };
    res.json(response);
  });

  // POST only: a GET could be triggered by any site through a link or an <img>.
  router.post('/api/logout', async (req, res) => {
    // Deleting the session row announces it ended in the same statement (db/sessions/session-rows.ts):
    // every web process drops it from its cache and closes its /ws sockets.
    await destroySession(req, res, cookieName);
    res.json({ success: true, message: 'Logged out' });
  });

  return router;
}
