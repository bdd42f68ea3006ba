import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiPost, errorMessage } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest (docs/product-spec.md §7)', () => {
  it('sends JSON with credentials and parses the JSON answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiPost('/api/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('a non-OK answer raises "<status>: <body text>", exposing the server message', async () => {
    const body = JSON.stringify({ success: false, message: 'This email is already registered.' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 409, statusText: 'Conflict' })),
    );
    const err = await apiPost('/api/auth/register', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(`409: ${body}`);
    expect(errorMessage(err, 'fallback')).toBe('This email is already registered.');
  });

  it('an empty error body falls back to the status text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(apiPost('/api/x')).rejects.toThrow('502: Bad Gateway');
  });
});
