import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type pg from 'pg';
import { testLoginBodySchema, testUserBodySchema, type TestLoginResponse, type TestUserResponse } from '../../contracts/auth';
import type { Config } from '../../config/config';
import { seedDemoWorkspace } from '../../db/sandbox/seed-demo';
import { seedDemoFlows } from '../features/flows/demo-flows';
import { AppError } from '../http/errors';
import { pgRateLimit } from '../http/rate-limit';
import { publicRouter } from '../http/routers';
import { parseBody } from '../http/validate';
import { createUserWithWorkspace, findUserByEmail } from '../../db/auth/users';
import { toSignedInUser } from './public-user';

/** Demo accounts live on a reserved domain (RFC 2606 `.invalid`): no real person can own one. */
export const DEMO_EMAIL_DOMAIN = 'demo.replypilot.invalid';

function logIn(req: Request, user: Express.User): Promise<void> {
  return new Promise((resolve, reject) => req.login(user, (err: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve())));
}

/** New demo workspaces per client address; reusing your own demo session costs nothing. */
function demoCreationLimit(pool: pg.Pool, perHour: number): RequestHandler {
  return pgRateLimit(pool, {
    name: 'demo',
    windowMs: 60 * 60 * 1000,
    limit: perHour,
    message: 'Too many demo workspaces from your network. Please try again in an hour.',
  });
}

/** A new demo user and workspace; 'email_taken' when that demo email exists already. */
async function createDemoUser(pool: pg.Pool, email: string, name = 'Demo User', timeZone?: string): Promise<Express.User | 'email_taken'> {
  const [first, ...rest] = name.trim().split(/\s+/);
  return createUserWithWorkspace(pool, {
    email,
    firstName: first || 'Demo',
    lastName: rest.join(' ') || 'User',
    isDemo: true,
    onboardingStep: 9,
    plan: { id: 'pro', source: 'default' },
    timeZone,
  });
}

/**
 * POST /api/auth/test-login (docs/product-spec.md §5, "Try Live Demo"). Without an email, every visitor gets a
 * demo workspace of their own, kept for `DEMO_TTL_HOURS` and then deleted by the maintenance job
 * (one shared workspace let visitors see and change each other's data). With an email it
 * is the development-only test login (`ENABLE_TEST_LOGIN`), which signs into demo accounts only.
 */
export function demoRoutes({ pool, config }: { pool: pg.Pool; config: Config }) {
  const router = publicRouter();
  const limitCreation = demoCreationLimit(pool, config.demo.perIpPerHour);

  router.post('/api/auth/test-login', async (req, res) => {
    const body = parseBody(testLoginBodySchema, req);
    let user: Express.User;
    if (body.email !== undefined) {
      if (!config.testLoginEnabled) throw new AppError('NOT_FOUND', 'Test login is disabled');
      user = await testLoginUser(pool, body.email, body.testUser ?? body.username);
    } else {
      if (!config.demo.enabled) throw new AppError('NOT_FOUND', 'The live demo is not enabled on this server');
      if (req.user?.isDemo) {
        user = req.user;
      } else {
        await new Promise<void>((resolve, reject) => limitCreation(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
        const created = await createDemoUser(
          pool,
          `visitor-${randomBytes(9).toString('hex')}@${DEMO_EMAIL_DOMAIN}`,
          body.testUser ?? body.username,
          body.timeZone,
        );
        // 72 random bits: a clash means something is wrong, not bad luck.
        if (created === 'email_taken') throw new Error('a new demo visitor email was taken');
        user = created;
      }
    }
    // The demo workspace looks lived in (idempotent: seeds once).
    await seedDemoWorkspace(pool, user.workspaceId);
    await seedDemoFlows(pool, user.workspaceId);
    await logIn(req, user);
    const response: TestLoginResponse = {
      success: true,
      message: 'Test session created',
      userId: user.id,
      user: toSignedInUser(user, config.demo.ttlHours),
    };
    res.json(response);
  });

  // docs/product-spec.md §7 POST /api/test/user {email, firstName, lastName} → {id}: the development
  // test login's account, made without signing in. Where test login is off (always in production)
  // the route does not exist. It makes demo accounts only, so it can never create or reveal a real one.
  router.post('/api/test/user', async (req, res) => {
    if (!config.testLoginEnabled) throw new AppError('NOT_FOUND', 'No route for POST /api/test/user');
    const body = parseBody(testUserBodySchema, req);
    const existing = await findUserByEmail(pool, body.email);
    if (existing && !existing.isDemo) throw new AppError('FORBIDDEN', 'Test users can only be demo accounts');
    const name = [body.firstName, body.lastName].filter(Boolean).join(' ') || undefined;
    const user = existing ?? (await testLoginUser(pool, body.email, name));
    const response: TestUserResponse = { id: user.id };
    res.status(existing ? 200 : 201).json(response);
  });

  return router;
}

/** Development test login: a named demo account, created on first use; never a real user's account. */
async function testLoginUser(pool: pg.Pool, email: string, name: string | undefined): Promise<Express.User> {
  const existing = await findUserByEmail(pool, email);
  if (existing && !existing.isDemo) throw new AppError('FORBIDDEN', 'Test login is only available for demo accounts');
  if (existing) return existing;
  const created = await createDemoUser(pool, email, name);
  if (created !== 'email_taken') return created;
  // Two first visits at once: the other request created it.
  const row = await findUserByEmail(pool, email);
  if (!row) throw new Error(`demo account ${email} was taken and then vanished`);
  return row;
}
