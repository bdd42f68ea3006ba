import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiConfig, AiProviderConfig } from '../../config/config';

/** The model that answers, with the policy every call to it follows (timeouts, retries). */
export interface AiRuntime {
  provider: AiProviderConfig['kind'];
  modelId: string;
  model: LanguageModel;
  policy: RetryPolicy;
}

export interface RetryPolicy {
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
}

/**
 * The configured provider through the AI SDK (ADR 0011), or null: no provider, answers quote the
 * knowledge base. Gemini's REST API lives under /v1beta (docs/platform-apis.md §2.10), so the base URL
 * from config is the host and the version is appended here, as Google's own SDK does.
 */
export function createAiRuntime(config: AiConfig): AiRuntime | null {
  const p = config.provider;
  if (!p) return null;
  const policy = { timeoutMs: config.timeoutMs, maxRetries: config.maxRetries, retryBaseMs: config.retryBaseMs };
  if (p.kind === 'gemini') {
    const google = createGoogleGenerativeAI({ apiKey: p.apiKey, baseURL: `${p.baseUrl}/v1beta` });
    return { provider: 'gemini', modelId: p.model, model: google(p.model), policy };
  }
  const server = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: p.baseUrl,
    ...(p.apiKey ? { apiKey: p.apiKey } : {}),
    // json_schema response_format (Ollama, vLLM, LM Studio all take it) and token counts in streams.
    supportsStructuredOutputs: true,
    includeUsage: true,
  });
  return { provider: 'openai-compatible', modelId: p.model, model: server.chatModel(p.model), policy };
}
