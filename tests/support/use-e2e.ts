import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { startE2E, type E2E } from '../e2e/harness';
import type { TestAppOptions } from './test-app';
import { startFakes, stopFakes, type FakesAndEnv, type StartedFake } from './use-test-app';

export type UseE2EOptions<F> = FakesAndEnv<F> & Omit<TestAppOptions, 'env' | 'db' | 'ui'>;

export interface E2EFixture<F> {
  /** The real server (built UI) pointed at the fakes, and a real Chromium (tests/e2e/harness.ts). */
  readonly e2e: E2E;
  readonly fakes: F;
  /** A small pool on the app's database, for seeding and checking rows. */
  readonly db: pg.Pool;
  /** Registers a new user (own workspace, password `secret12`) in the page's browser profile, so the page is signed in. */
  register(page: Page, who: { firstName: string; lastName: string }): Promise<{ email: string; userId: string; workspaceId: string }>;
}

let seq = 0;

/**
 * The setup browser test files repeat: the contract fakes started, the e2e server booted with their
 * environment (then `env`), a pool on its database; after the file the pool, the server and
 * Chromium, then the fakes, stopped. Call at the top level of a test file.
 */
export function useE2E<F extends Record<string, StartedFake> = Record<never, never>>(opts: UseE2EOptions<F> = {}): E2EFixture<F> {
  const { fakes: starters, env, ...appOptions } = opts;
  let e2e: E2E | undefined;
  let db: pg.Pool | undefined;
  const fakes: Partial<F> = {};
  beforeAll(async () => {
    const fakeEnv = await startFakes(starters, fakes);
    e2e = await startE2E({ ...appOptions, env: { ...fakeEnv, ...env } });
    db = new pg.Pool({ connectionString: e2e.app.db.url, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
    await e2e?.stop();
    await stopFakes(fakes);
  });
  const started = <T>(v: T | undefined): T => {
    if (!v) throw new Error('useE2E: used before beforeAll ran');
    return v;
  };
  return {
    get e2e() {
      return started(e2e);
    },
    get fakes() {
      started(e2e);
      return fakes as F;
    },
    get db() {
      return started(db);
    },
    async register(page, who) {
      seq += 1;
      const email = `${who.firstName.toLowerCase()}-${who.lastName.toLowerCase()}-${Date.now()}-${seq}@example.com`;
      const res = await page.request.post('/api/auth/register', { data: { ...who, email, password: 'secret12' } });
      expect(res.status()).toBe(201);
      const { rows } = await started(db).query<{ id: string; workspace_id: string }>('select id, workspace_id from users where email = $1', [email]);
      return { email, userId: rows[0]!.id, workspaceId: rows[0]!.workspace_id };
    },
  };
}
