import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiPost, errorMessage, onApiError, pinWorkspace } from './api';

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

describe('the pinned workspace and error listeners (ADR 0038)', () => {
  it('names the pinned workspace on every call, and every listener hears a refusal before the caller', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ error: 'Your role (viewer) cannot change flows', details: { permission: 'flows:write' } }), { status: 403 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const heard: unknown[] = [];
    const stop = onApiError((err) => heard.push(err.details()));
    pinWorkspace('ws-1');
    const err = await apiPost('/api/flows', {}).catch((e: unknown) => e);
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'x-workspace-id': 'ws-1' });
    expect(heard).toEqual([{ permission: 'flows:write' }]);
    expect((err as ApiError).details()).toEqual({ permission: 'flows:write' });
    stop();
    pinWorkspace(null);
    await apiPost('/api/flows', {}).catch(() => undefined);
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('x-workspace-id');
    expect(heard).toHaveLength(1);
  });
});
