import { beforeEach } from 'vitest';
import { resetGeminiFake, startGeminiFake, type GeminiFake } from '../fakes/gemini.fake';
import { useE2E, type E2EFixture } from './use-e2e';

export interface GeminiE2E extends Omit<E2EFixture<{ gemini: GeminiFake }>, 'fakes'> {
  readonly gemini: GeminiFake;
  /** Model calls other than the status badge's ping. */
  modelCalls(): GeminiFake['requests'];
}

/**
 * The setup every AI browser test repeats: the Gemini contract fake, the e2e server pointed at it
 * (plus `env`), a pool on its database, all stopped after the file (useE2E); the fake put back as it
 * started before each test (resetGeminiFake). Call at the top level of a test file.
 */
export function useGeminiE2E(env: Record<string, string> = {}): GeminiE2E {
  const app = useE2E({ fakes: { gemini: startGeminiFake }, env });
  beforeEach(() => resetGeminiFake(app.fakes.gemini));
  return {
    get e2e() {
      return app.e2e;
    },
    get gemini() {
      return app.fakes.gemini;
    },
    get db() {
      return app.db;
    },
    modelCalls: () => app.fakes.gemini.requests.filter((r) => !r.ping),
    register: app.register,
  };
}
