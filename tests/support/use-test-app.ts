import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';
import { newWorkspaceUser } from './workspace';

/** A contract fake as tests/fakes/ starts one: the environment that points the app at it, and a way to stop it. */
export type StartedFake = { env: Record<string, string> } & ({ stop(): Promise<void> } | { close(): Promise<void> });

/** What a fixture starts the app with: the fakes and the environment on top of theirs. */
export interface FakesAndEnv<F> {
  /** Started in this order before the app; their `env` is merged in the same order. */
  fakes?: { [K in keyof F]: () => Promise<F[K]> };
  /** Applied over the fakes' environment. */
  env?: Record<string, string>;
}

export type UseTestAppOptions<F> = FakesAndEnv<F> & Omit<TestAppOptions, 'env' | 'db'>;

export interface TestAppFixture<F> {
  /** The real server (tests/support/test-app.ts), pointed at the fakes. */
  readonly t: TestApp;
  readonly fakes: F;
  /** The app's own pool, for seeding and checking rows. */
  readonly pool: pg.Pool;
  /** A new user in their own workspace, signed in (tests/support/workspace.ts). */
  signIn(firstName?: string): ReturnType<typeof newWorkspaceUser>;
}

/** Starts `starters` one after another into `into` (so a failure still leaves the started ones to stop); their merged env. */
export async function startFakes<F extends Record<string, StartedFake>>(starters: FakesAndEnv<F>['fakes'], into: Partial<F>): Promise<Record<string, string>> {
  let env: Record<string, string> = {};
  for (const [name, start] of Object.entries(starters ?? {}) as [keyof F, () => Promise<F[keyof F]>][]) {
    const fake = await start();
    into[name] = fake;
    env = { ...env, ...fake.env };
  }
  return env;
}

export async function stopFakes(fakes: Partial<Record<string, StartedFake>>): Promise<void> {
  for (const fake of Object.values(fakes)) if (fake) await ('stop' in fake ? fake.stop() : fake.close());
}

/**
 * The setup integration test files repeat: the contract fakes started, the real server booted with
 * their environment (then `env`), and after the file the server stopped, then the fakes. Call at the
 * top level of a test file; the fields are readable from the tests on.
 */
export function useTestApp<F extends Record<string, StartedFake> = Record<never, never>>(opts: UseTestAppOptions<F> = {}): TestAppFixture<F> {
  const { fakes: starters, env, ...appOptions } = opts;
  let t: TestApp | undefined;
  const fakes: Partial<F> = {};
  beforeAll(async () => {
    const fakeEnv = await startFakes(starters, fakes);
    t = await startTestApp({ ...appOptions, env: { ...fakeEnv, ...env } });
  });
  afterAll(async () => {
    await t?.stop();
    await stopFakes(fakes);
  });
  const started = (): TestApp => {
    if (!t) throw new Error('useTestApp: used before beforeAll ran');
    return t;
  };
  return {
    get t() {
      return started();
    },
    get fakes() {
      started();
      return fakes as F;
    },
    get pool() {
      return started().app.database.pool;
    },
    signIn: (firstName = 'Owner') => newWorkspaceUser(started().baseUrl, firstName),
  };
}
