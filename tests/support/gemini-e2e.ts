import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startE2E, type E2E } from '../e2e/harness';
import { startGeminiFake, type GeminiFake } from '../fakes/gemini.fake';

export interface GeminiE2E {
  /** The real server (built UI) with Gemini pointed at the fake, and a real Chromium. */
  readonly e2e: E2E;
  readonly gemini: GeminiFake;
  /** A small pool on the app's database, for seeding knowledge and checking rows. */
  readonly db: pg.Pool;
  /** Model calls other than the status badge's ping. */
  modelCalls(): GeminiFake['requests'];
  /** Registers a new user (own workspace) in the page's browser profile, so the page is signed in. */
  register(page: Page, who: { firstName: string; lastName: string }): Promise<{ email: string; userId: string; workspaceId: string }>;
}

let seq = 0;

/**
 * The setup every AI browser test repeats: the Gemini contract fake, the e2e server pointed at it
 * (plus `env`), a pool on its database, all stopped after the file; the fake's script, requests and
 * latency emptied before each test. Call at the top level of a test file.
 */
export function useGeminiE2E(env: Record<string, string> = {}): GeminiE2E {
  let e2e: E2E | undefined;
  let gemini: GeminiFake | undefined;
  let db: pg.Pool | undefined;
  beforeAll(async () => {
    gemini = await startGeminiFake();
    e2e = await startE2E({ env: { ...gemini.env, ...env } });
    db = new pg.Pool({ connectionString: e2e.app.db.url, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
    await e2e?.stop();
    await gemini?.close();
  });
  beforeEach(() => {
    if (!gemini) return;
    gemini.script.length = 0;
    gemini.requests.length = 0;
    gemini.latencyMs = 0;
  });
  const started = <T>(v: T | undefined): T => {
    if (!v) throw new Error('useGeminiE2E: used before beforeAll ran');
    return v;
  };
  return {
    get e2e() {
      return started(e2e);
    },
    get gemini() {
      return started(gemini);
    },
    get db() {
      return started(db);
    },
    modelCalls: () => started(gemini).requests.filter((r) => !r.ping),
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
