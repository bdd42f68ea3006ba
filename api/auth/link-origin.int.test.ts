import { describe, expect, it } from 'vitest';
import { outboxMailsTo } from '../../tests/support/dev-outbox';
import { rawRequest } from '../../tests/support/raw-http';
import { useTestApp } from '../../tests/support/use-test-app';

// Without PUBLIC_URL, links were built from the request's Host
// header, so `Host: evil.example` mailed a victim a reset link that hands its token to the attacker.
// Links now use PUBLIC_URL or the address the request reached; OAuth redirect URIs the same way.
const app = useTestApp({
  env: {
    FACEBOOK_APP_ID: '1234567890',
    FACEBOOK_APP_SECRET: 'facebook-app-secret',
    GOOGLE_CLIENT_ID: 'google-client-id',
    GOOGLE_CLIENT_SECRET: 'google-client-secret',
    X_CLIENT_ID: 'x-client-id',
    X_CLIENT_SECRET: 'x-client-secret',
  },
});

const evil = { host: 'evil.example' };
const redirectUri = (location: string | null) => new URL(location ?? 'http://none/').searchParams.get('redirect_uri');

describe('links never take their host from the Host header', () => {
  it('mails a reset link on the server’s own address when the request names another host', async () => {
    const { client } = await app.signIn('Alice');
    const email = (await client.get('/api/auth/user')).data.email as string;
    const res = await rawRequest(app.t.baseUrl, '/api/auth/forgot-password', {
      method: 'POST',
      headers: { ...evil, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    await expect.poll(async () => (await outboxMailsTo(app.pool, email)).length, { timeout: 5000 }).toBe(1);
    const [mail] = await outboxMailsTo(app.pool, email);
    expect(mail?.text).toContain(`${app.t.baseUrl}/reset-password?token=`);
    expect(mail?.text).not.toContain('evil.example');
  });

  it('keeps `localhost` when the request reached a loopback address by that name', async () => {
    const { client } = await app.signIn('Bea');
    const email = (await client.get('/api/auth/user')).data.email as string;
    const port = new URL(app.t.baseUrl).port;
    await rawRequest(app.t.baseUrl, '/api/auth/forgot-password', {
      method: 'POST',
      headers: { host: `localhost:${port}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    await expect.poll(async () => (await outboxMailsTo(app.pool, email)).length, { timeout: 5000 }).toBe(1);
    expect((await outboxMailsTo(app.pool, email))[0]?.text).toContain(`http://localhost:${port}/reset-password?token=`);
  });

  it('sends the OAuth dialogs the callback on the server’s own address (connect Pages, X, Google sign-in)', async () => {
    const { client } = await app.signIn('Cleo');
    const cookie = client.cookieHeader;
    const facebook = await rawRequest(app.t.baseUrl, '/oauth/facebook', { headers: { ...evil, cookie } });
    expect(facebook.status).toBe(302);
    expect(redirectUri(facebook.headers.get('location'))).toBe(`${app.t.baseUrl}/oauth/facebook/callback`);
    const x = await rawRequest(app.t.baseUrl, '/oauth/twitter', { headers: { ...evil, cookie } });
    expect(redirectUri(x.headers.get('location'))).toBe(`${app.t.baseUrl}/oauth/twitter/callback`);
    const google = await rawRequest(app.t.baseUrl, '/auth/google', { headers: evil });
    expect(redirectUri(google.headers.get('location'))).toBe(`${app.t.baseUrl}/api/auth/google/callback`);
    const status = await rawRequest(app.t.baseUrl, '/api/auth/google/status', { headers: evil });
    expect((JSON.parse(status.text) as { callbackUrl: string }).callbackUrl).toBe(`${app.t.baseUrl}/api/auth/google/callback`);
  });
});
