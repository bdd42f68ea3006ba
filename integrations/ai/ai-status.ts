import type { AiStatus } from '../../contracts/ai';
import type { AiRuntime } from './ai-model';
import { classifyAiError } from './ai-failure';
import { pingModel } from './model-answer';

const CACHE_MS = 60_000;

/**
 * The real state behind the "Live" badge: one tiny call to the provider, cached ~60 s so the probe
 * (polled by diagnostic pages) costs at most one call a minute per web process. Concurrent callers
 * share the call in flight. No retries: the badge should say what is true now.
 */
export function createAiStatusProbe(ai: AiRuntime | null, now: () => number = Date.now) {
  let cached: { at: number; status: Promise<AiStatus> } | null = null;

  async function check(): Promise<AiStatus> {
    const checkedAt = new Date(now()).toISOString();
    if (!ai) return { provider: null, model: null, reachable: null, latencyMs: null, error: null, checkedAt };
    const started = now();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('AI status check timed out'));
    }, ai.policy.timeoutMs);
    try {
      await pingModel(ai, controller.signal);
      return { provider: ai.provider, model: ai.modelId, reachable: true, latencyMs: now() - started, error: null, checkedAt };
    } catch (err) {
      const failure = classifyAiError(err, timedOut, ai.policy.timeoutMs);
      return { provider: ai.provider, model: ai.modelId, reachable: false, latencyMs: null, error: failure.detail, checkedAt };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    status(): Promise<AiStatus> {
      if (!cached || now() - cached.at > CACHE_MS) cached = { at: now(), status: check() };
      return cached.status;
    },
  };
}
