import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { AiFailure } from './ai-failure';
import { withRetries } from './with-retries';

const policy = { timeoutMs: 200, maxRetries: 2, retryBaseMs: 1 };
const apiError = (statusCode: number | undefined) =>
  new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'http://x',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify({ error: { code: statusCode, message: 'said by google', status: 'X' } }),
  });

describe('withRetries', () => {
  it('retries 429 and 5xx, then gives up as AI Service Unavailable with the provider’s words', async () => {
    let calls = 0;
    const err = await withRetries(policy, () => {
      calls++;
      return Promise.reject(apiError(calls === 1 ? 429 : 503));
    }).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(err).toBeInstanceOf(AiFailure);
    expect(err).toMatchObject({ kind: 'unavailable', message: 'AI Service Unavailable', statusCode: 503 });
    expect((err as AiFailure).detail).toContain('said by google');
  });

  it('does not retry a 400', async () => {
    let calls = 0;
    await expect(withRetries(policy, () => (calls++, Promise.reject(apiError(400))))).rejects.toMatchObject({ kind: 'unavailable', retryable: false });
    expect(calls).toBe(1);
  });

  it('turns a deadline into Connection Issue after retrying it', async () => {
    let calls = 0;
    const err = await withRetries({ ...policy, timeoutMs: 20 }, (signal) => {
      calls++;
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    }).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(err).toMatchObject({ kind: 'connection', message: 'Connection Issue' });
  });

  it('treats a network failure (no status) as Connection Issue', async () => {
    await expect(withRetries({ ...policy, maxRetries: 0 }, () => Promise.reject(apiError(undefined)))).rejects.toMatchObject({ kind: 'connection' });
  });

  it('stops retrying when the caller says so (a stream that already sent tokens)', async () => {
    let calls = 0;
    await expect(
      withRetries(
        policy,
        () => (calls++, Promise.reject(apiError(503))),
        () => false,
      ),
    ).rejects.toBeInstanceOf(AiFailure);
    expect(calls).toBe(1);
  });

  it('returns the first success', async () => {
    let calls = 0;
    expect(await withRetries(policy, () => (++calls < 2 ? Promise.reject(apiError(500)) : Promise.resolve('ok')))).toBe('ok');
  });
});
