import type { Agent } from 'node:https';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { boot, type Replypilot, type Role } from '../../bin/boot';
import type { OAuthEndpoints } from '../../api/auth/passport';
import { addFailureContext, RecentLines } from './failure-context';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestApp {
  app: Replypilot;
  baseUrl: string;
  db: TestDatabase;
  stop(): Promise<void>;
}

export interface TestAppOptions {
  role?: Role;
  env?: Record<string, string>;
  ui?: boolean;
  oauthEndpoints?: OAuthEndpoints;
  /** The TLS agent Web Push posts with (tests/support/push-service.ts: trusts the stand-in's certificate). */
  pushAgent?: Agent;
  /** Boot on this database (a restart of a stopped app); it is dropped by whichever app's stop() comes last. */
  db?: TestDatabase;
}

/** The real server (real HTTP, real PostgreSQL) on a random port with its own database. */
export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const db = opts.db ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-app-'));
  // TEST_LOG_LEVEL prints the server's log; otherwise its recent lines are kept and printed only if
  // a test fails (tests/support/failure-context.ts): every line for a browser test's server (few
  // jobs, and the job log says what ran), warnings and errors for the others.
  const recent = new RecentLines(300);
  const log = process.env.TEST_LOG_LEVEL
    ? pino({ level: process.env.TEST_LOG_LEVEL })
    : pino({ level: opts.ui ? 'info' : 'warn' }, { write: (line: string) => recent.push(line.trimEnd()) });
  const forget = addFailureContext(`server log (${opts.role ?? 'all'})`, () => recent.all());
  const app = await boot({
    role: opts.role ?? 'all',
    noUi: !opts.ui,
    log,
    ...(opts.oauthEndpoints ? { oauthEndpoints: opts.oauthEndpoints } : {}),
    ...(opts.pushAgent ? { pushAgent: opts.pushAgent } : {}),
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-session-secret-test-session-secret-0123',
      APP_ENCRYPTION_KEY: '0'.repeat(64),
      AUTH_RATE_LIMIT_PER_15_MIN: '10000',
      // Tests sign into named demo accounts and make many demo workspaces from one address.
      ENABLE_TEST_LOGIN: 'true',
      DEMO_PER_IP_PER_HOUR: '10000',
      // Scheduled account checks would race tests about send failures; health tests turn them on.
      ACCOUNT_HEALTH_INTERVAL_MINUTES: '0',
      // So would reconciliation's Graph reads; reconciliation tests turn it on.
      RECONCILE_EVERY_MINUTES: '0',
      ...opts.env,
    },
  });
  const baseUrl = app.web ? app.web.url.replace('localhost', '127.0.0.1') : '';
  return {
    app,
    baseUrl,
    db,
    async stop() {
      // A stop that hangs fails its afterAll, where no test-failure hook prints the server's log:
      // print it here, with the shutdown steps' "still running" lines, once the stop runs long.
      const slow = setTimeout(
        () => console.error(`--- server log (${opts.role ?? 'all'}): its stop() has run for 20 s ---\n${recent.all().join('\n')}`),
        20_000,
      );
      try {
        await app.stop();
      } finally {
        clearTimeout(slow);
        forget();
      }
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
