import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGoogleOAuthFake, type GoogleOAuthFake, type GoogleUser } from '../../tests/fakes/google-oauth.fake';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

const client = { id: 'replypilot-test.apps.googleusercontent.com', secret: 'google-test-secret' };
let google: GoogleOAuthFake;
let t: TestApp;

beforeAll(async () => {
  google = await startGoogleOAuthFake(client);
  t = await startTestApp({
    env: { GOOGLE_CLIENT_ID: client.id, GOOGLE_CLIENT_SECRET: client.secret },
    oauthEndpoints: { google: google.endpoints },
  });
});
afterAll(async () => {
  await t.stop();
  await google.stop();
});

/** Walks the redirects a browser would follow: us → Google consent → our callback. */
async function signInWithGoogle(browser: HttpClient) {
  const start = await browser.get('/auth/google');
  expect(start.status).toBe(302);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  return browser.get(callback.pathname + callback.search);
}

const ada: GoogleUser = {
  sub: '110169484474386276334',
  email: 'ada@example.com',
  email_verified: true,
  given_name: 'Ada',
  family_name: 'Lovelace',
  picture: 'https://lh3.googleusercontent.com/a/ada',
};

it('creates an account from the Google profile and lands on /login-success signed in', async () => {
  google.signInAs(ada);
  const browser = new HttpClient(t.baseUrl);
  const done = await signInWithGoogle(browser);
  expect(done.status).toBe(302);
  expect(done.headers.get('location')).toBe('/login-success');
  const me = await browser.get('/api/auth/user');
  expect(me.data).toMatchObject({
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: 'https://lh3.googleusercontent.com/a/ada',
    onboardingStep: 0,
  });
  // The code was exchanged server-side with our secret and the registered redirect URI.
  const exchange = google.calls.find((c) => c.path === '/token');
  expect(exchange?.params).toMatchObject({
    grant_type: 'authorization_code',
    client_secret: client.secret,
    redirect_uri: `${t.baseUrl}/api/auth/google/callback`,
  });
});

it('signs the same Google account into the same user next time', async () => {
  google.signInAs(ada);
  const a = new HttpClient(t.baseUrl);
  await signInWithGoogle(a);
  const b = new HttpClient(t.baseUrl);
  await signInWithGoogle(b);
  const [meA, meB] = [await a.get('/api/auth/user'), await b.get('/api/auth/user')];
  expect(meA.status).toBe(200);
  expect(meA.data.id).toBe(meB.data.id);
});

it('links a verified Google email to an existing password account', async () => {
  const reg = await new HttpClient(t.baseUrl).post('/api/auth/register', {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    password: 'secret12',
  });
  google.signInAs({ ...ada, sub: '2222', email: 'grace@example.com', given_name: 'Grace', family_name: 'Hopper' });
  const browser = new HttpClient(t.baseUrl);
  await signInWithGoogle(browser);
  expect((await browser.get('/api/auth/user')).data.id).toBe(reg.data.user.id);
});

it('does not link an unverified Google email to someone else’s account', async () => {
  const reg = await new HttpClient(t.baseUrl).post('/api/auth/register', {
    firstName: 'Mallory',
    email: 'victim@example.com',
    password: 'secret12',
  });
  google.signInAs({ ...ada, sub: '3333', email: 'victim@example.com', email_verified: false });
  const browser = new HttpClient(t.baseUrl);
  await signInWithGoogle(browser);
  const me = await browser.get('/api/auth/user');
  expect(me.status).toBe(200);
  expect(me.data.id).not.toBe(reg.data.user.id);
});

it('refuses a callback whose state it never issued (login CSRF)', async () => {
  google.signInAs(ada);
  const attacker = new HttpClient(t.baseUrl);
  const start = await attacker.get('/auth/google');
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  // The victim's browser (no session with that state) is sent the attacker's callback URL.
  const victim = new HttpClient(t.baseUrl);
  const res = await victim.get(callback.pathname + callback.search);
  expect(res.headers.get('location')).toBe('/login?error=google');
  expect((await victim.get('/api/auth/user')).status).toBe(401);
});
