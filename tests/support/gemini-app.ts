import { beforeEach } from 'vitest';
import { resetGeminiFake, startGeminiFake, type GeminiFake } from '../fakes/gemini.fake';
import type { TestApp } from './test-app';
import { useTestApp } from './use-test-app';
import type { newWorkspaceUser } from './workspace';

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
 * pointed at it (fastAiEnv plus `env`), both stopped after the file (useTestApp), and the fake put
 * back as it started before each test (resetGeminiFake). Call at the top level of a test file.
 */
export function useGeminiApp(env: Record<string, string> = {}): GeminiApp {
  const app = useTestApp({ fakes: { gemini: startGeminiFake }, env: { ...fastAiEnv, ...env } });
  beforeEach(() => resetGeminiFake(app.fakes.gemini));
  return {
    get t() {
      return app.t;
    },
    get gemini() {
      return app.fakes.gemini;
    },
    modelCalls: () => app.fakes.gemini.requests.filter((r) => !r.ping),
    signIn: app.signIn,
  };
}
