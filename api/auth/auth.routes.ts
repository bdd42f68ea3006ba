import type { NextFunction, Request, Response } from 'express';
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
import { authRateLimit } from '../http/rate-limit';
import { publicRouter } from '../http/routers';
import { parseBody } from '../http/validate';
import { seedDemoWorkspace } from '../../db/sandbox/seed-demo';
import { seedDemoFlows } from '../features/flows/demo-flows';
import { hashPassword } from './password';
import { createUserWithWorkspace, EmailTakenError, findUserByEmail, toPublicUser } from './users.repo';

const DEMO_EMAIL = 'demo@replypilot.app';
const EMAIL_TAKEN = 'This email is already registered. Please try logging in instead.';

/** req.login regenerates the session id (no fixation) before storing the user. */
function logIn(req: Request, user: Express.User): Promise<void> {
  return new Promise((resolve, reject) => req.login(user, (err: unknown) => (err ? reject(toError(err)) : resolve())));
}

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

function destroySession(req: Request, res: Response, cookieName: string): Promise<void> {
  return new Promise((resolve) => {
    req.logout(() => {
      if (!req.session) return resolve();
      req.session.destroy(() => {
        res.clearCookie(cookieName, { path: '/' });
        resolve();
      });
    });
  });
}

export interface AuthRouteDeps {
  db: Db;
  pool: pg.Pool;
  config: Config;
  passport: passport.PassportStatic;
  cookieName: string;
}

export function authRoutes({ db, pool, config, passport, cookieName }: AuthRouteDeps) {
  const router = publicRouter();
  const limit = config.authRateLimitPer15Min;

  router.get('/api/auth/user', (req, res) => {
    if (!req.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    res.json(toPublicUser(req.user));
  });

  router.post('/api/auth/register', authRateLimit(pool, 'register', limit), async (req, res) => {
    const body = parseBody(registerBodySchema, req);
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

  router.post('/api/auth/login', authRateLimit(pool, 'login', limit), (req: Request, res: Response, next: NextFunction) => {
    parseBody(loginBodySchema, req);
    passport.authenticate('local', { session: false }, (err: unknown, user: Express.User | false) => {
      if (err) return next(err);
      if (!user) return next(new AppError('UNAUTHORIZED', 'Invalid credentials'));
      logIn(req, user).then(() => {
        const response: LoginResponse = { message: 'Login successful', user: toPublicUser(user) };
        res.json(response);
      }, next);
    })(req, res, next);
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

  router.post('/api/logout', async (req, res) => {
    await destroySession(req, res, cookieName);
    res.json({ success: true, message: 'Logged out' });
  });

  router.get('/api/logout', async (req, res) => {
    await destroySession(req, res, cookieName);
    res.redirect('/');
  });

  return router;
}
