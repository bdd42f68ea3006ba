import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

describe('OAuth providers not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it('status says so', async () => {
    const c = new HttpClient(t.baseUrl);
    const g = await c.get('/api/auth/google/status');
    expect(g.data).toMatchObject({ provider: 'google', configured: false, clientId: null, hasSecret: false });
    expect(g.data.callbackUrl).toBe(`${t.baseUrl}/api/auth/google/callback`);
    const f = await c.get('/api/auth/facebook/status');
    expect(f.data).toMatchObject({ provider: 'facebook', configured: false, appId: null, hasSecret: false });
    // One Meta app signs people in and connects their Pages: /oauth-setup lists both redirect URIs.
    expect(f.data.callbackUrl).toBe(`${t.baseUrl}/api/auth/facebook/callback`);
    expect(f.data.connectCallbackUrl).toBe(`${t.baseUrl}/oauth/facebook/callback`);
  });

  it.each(['/auth/google', '/api/auth/google', '/auth/facebook', '/api/auth/facebook/callback'])(
    '%s sends the browser to /oauth-setup instead of failing',
    async (path) => {
      const provider = path.includes('google') ? 'google' : 'facebook';
      const res = await new HttpClient(t.baseUrl).get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/oauth-setup?provider=${provider}`);
    },
  );
});

describe('OAuth providers configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        GOOGLE_CLIENT_ID: '1234567890-abcdefghijklmnop.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        FACEBOOK_APP_ID: '987654321012345',
        FACEBOOK_APP_SECRET: 'facebook-secret',
      },
    });
  });
  afterAll(() => t.stop());

  it('status shows a truncated id and that a secret is present', async () => {
    const g = await new HttpClient(t.baseUrl).get('/api/auth/google/status');
    expect(g.data).toMatchObject({ configured: true, clientId: '1234567890-a...', hasSecret: true });
    expect(JSON.stringify(g.data)).not.toContain('google-secret');
    const f = await new HttpClient(t.baseUrl).get('/api/auth/facebook/status');
    expect(f.data).toMatchObject({ configured: true, appId: '987654321012...', hasSecret: true });
  });

  it('HEAD /auth/google redirects (302) to Google with our callback and scopes', async () => {
    const res = await new HttpClient(t.baseUrl).request('HEAD', '/auth/google');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location') ?? '');
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe('1234567890-abcdefghijklmnop.apps.googleusercontent.com');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/auth/google/callback`);
    expect(url.searchParams.get('scope')).toBe('profile email');
  });

  it('GET /auth/facebook redirects to the Facebook login dialog', async () => {
    const res = await new HttpClient(t.baseUrl).get('/auth/facebook');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location') ?? '');
    expect(url.hostname).toBe('www.facebook.com');
    expect(url.searchParams.get('client_id')).toBe('987654321012345');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/auth/facebook/callback`);
  });

  it('a callback without a valid code lands on /login with an error, not a crash', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/auth/google/callback?error=access_denied');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=google');
  });
});
