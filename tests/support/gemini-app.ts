import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startGeminiFake, type GeminiFake } from '../fakes/gemini.fake';
import { startTestApp, type TestApp } from './test-app';
import { newWorkspaceUser } from './workspace';

/** Fast AI settings for tests: a short deadline, quick backoff, and rate limits out of the way. */
export const fastAiEnv = { AI_TIMEOUT_MS: '1500', AI_MAX_RETRIES: '2', AI_RETRY_BASE_MS: '10', AI_USER_PER_MINUTE: '1000', AI_GUEST_PER_HOUR: '1000' };

export interface GeminiApp {
  /** The real server, Gemini pointed at the fake. */
  readonly t: TestApp;
  readonly gemini: GeminiFake;
  /** Model calls other than the status badge's ping. */
  modelCalls(): GeminiFake['requests'];
  /** A new user in their own workspace, signed in (tests/support/workspace.ts). */
  signIn(firstName?: string): ReturnType<typeof newWorkspaceUser>;
}

/**
 * The setup every AI integration test file repeats: the Gemini contract fake, the real server
 * pointed at it (fastAiEnv plus `env`), both stopped after the file, and the fake's script,
 * requests and latency emptied before each test. Call at the top level of a test file.
 */
export function useGeminiApp(env: Record<string, string> = {}): GeminiApp {
  let t: TestApp | undefined;
  let gemini: GeminiFake | undefined;
  beforeAll(async () => {
    gemini = await startGeminiFake();
    t = await startTestApp({ env: { ...gemini.env, ...fastAiEnv, ...env } });
  });
  afterAll(async () => {
    await t?.stop();
    await gemini?.close();
  });
  beforeEach(() => {
    if (!gemini) return;
    gemini.script.length = 0;
    gemini.requests.length = 0;
    gemini.latencyMs = 0;
  });
  const started = <T>(v: T | undefined): T => {
    if (!v) throw new Error('useGeminiApp: used before beforeAll ran');
    return v;
  };
  return {
    get t() {
      return started(t);
    },
    get gemini() {
      return started(gemini);
    },
    modelCalls: () => started(gemini).requests.filter((r) => !r.ping),
    signIn: (firstName = 'Owner') => newWorkspaceUser(started(t).baseUrl, firstName),
  };
}
