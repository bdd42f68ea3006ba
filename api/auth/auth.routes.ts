import type passport from 'passport';
import type pg from 'pg';
import {
  loginBodySchema,
  registerBodySchema,
  testLoginBodySchema,
  type LoginResponse,
  type RegisterResponse,
  type TestLoginResponse,
} from '../../contracts/auth';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { AppError } from '../http/errors';
import { accountKey, authRateLimit, clientIpKey } from '../http/rate-limit';
import { publicRouter } from '../http/routers';
import { parseBody } from '../http/validate';
import { seedDemoWorkspace } from '../../db/sandbox/seed-demo';
import { seedDemoFlows } from '../features/flows/demo-flows';
import type { LoginThrottles } from './login-throttle';
import { hashPassword } from './password';
import { assertPasswordPolicy } from './password-policy';
import { announceSessionEnded } from './sessions.repo';
import { checkCredentials, destroySession, logIn } from './session';
import { createUserWithWorkspace, EmailTakenError, findUserByEmail, toPublicUser } from './users.repo';

const DEMO_EMAIL = 'demo@replypilot.app';
const EMAIL_TAKEN = 'This email is already registered. Please try logging in instead.';

export interface AuthRouteDeps {
  db: Db;
  pool: pg.Pool;
  config: Config;
  passport: passport.PassportStatic;
  cookieName: string;
  throttles: LoginThrottles;
}

export function authRoutes({ db, pool, config, passport, cookieName, throttles }: AuthRouteDeps) {
  const router = publicRouter();
  const limit = config.authRateLimitPer15Min;

  router.get('/api/auth/user', (req, res) => {
    if (!req.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    res.json(toPublicUser(req.user));
  });

  // The spec's 409 "already registered" tells whoever asks that an email has an account (review
  // F13). We keep it (spec §7: the form shows that message), and bound how fast it can be asked:
  // every registration attempt, 409s included, counts toward the per-address limit.
  router.post('/api/auth/register', authRateLimit(pool, 'register', limit), async (req, res) => {
    const body = parseBody(registerBodySchema, req);
    assertPasswordPolicy(body.password, body.email);
    const passwordHash = await hashPassword(body.password);
    try {
      const row = await createUserWithWorkspace(db, {
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
      });
      await logIn(req, row);
      const response: RegisterResponse = { success: true, message: 'Registration successful', user: toPublicUser(row) };
      res.status(201).json(response);
    } catch (err) {
      if (err instanceof EmailTakenError) {
        throw new AppError('CONFLICT', EMAIL_TAKEN, undefined, { success: false });
      }
      throw err;
    }
  });

  // Only failures count, per address and per account (review F13): the attempt is counted first
  // and given back when the password was right.
  router.post('/api/auth/login', async (req, res) => {
    const body = parseBody(loginBodySchema, req);
    const fromIp = await throttles.ip.attempt(clientIpKey(req), res);
    const forAccount = await throttles.account.attempt(accountKey(body.email), res);
    const user = await checkCredentials(passport, req, res);
    if (!user) throw new AppError('UNAUTHORIZED', 'Invalid credentials');
    await Promise.all([fromIp.succeeded(), forAccount.succeeded()]);
    await logIn(req, user);
    const response: LoginResponse = { message: 'Login successful', user: toPublicUser(user) };
    res.json(response);
  });

  router.post('/api/auth/test-login', async (req, res) => {
    if (!config.testLoginEnabled) throw new AppError('NOT_FOUND', 'Test login is disabled');
    const body = parseBody(testLoginBodySchema, req);
    const email = body.email ?? DEMO_EMAIL;
    let row = await findUserByEmail(db, email);
    // Test login only ever signs in demo accounts; it is not a way into a real user's account.
    if (row && !row.isDemo) throw new AppError('FORBIDDEN', 'Test login is only available for demo accounts');
    if (!row) {
      const name = (body.testUser ?? body.username ?? 'Demo User').trim().split(/\s+/);
      try {
        row = await createUserWithWorkspace(db, {
          email,
          firstName: name[0] ?? 'Demo',
          lastName: name.slice(1).join(' ') || 'User',
          isDemo: true,
          onboardingStep: 9,
          subscriptionTier: 'Pro',
        });
      } catch (err) {
        // Two first visits at once: the other request created it.
        if (!(err instanceof EmailTakenError)) throw err;
        row = await findUserByEmail(db, email);
        if (!row) throw err;
      }
    }
    // The demo workspace looks lived in (idempotent: seeds once).
    if (row.isDemo) {
      await seedDemoWorkspace(pool, row.workspaceId);
      await seedDemoFlows(pool, row.workspaceId);
    }
    await logIn(req, row);
    const response: TestLoginResponse = {
      success: true,
      message: 'Test session created',
      userId: row.id,
      user: toPublicUser(row),
    };
    res.json(response);
  });

  // POST only (review F12): a GET could be triggered by any site through a link or an <img>.
  router.post('/api/logout', async (req, res) => {
    const sid = req.user ? req.sessionID : undefined;
    await destroySession(req, res, cookieName);
    // This session's open /ws sockets, on every web process, are closed (review F11).
    if (sid) await announceSessionEnded(pool, sid);
    res.json({ success: true, message: 'Logged out' });
  });

  return router;
}
