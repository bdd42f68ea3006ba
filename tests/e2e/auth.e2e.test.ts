import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

let counter = 0;
function uniqueEmail(): string {
  counter += 1;
  return `ada.${Date.now()}.${counter}@example.com`;
}

async function fillRegisterForm(page: Page, email: string, password = 'correct-horse-1') {
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
}

async function register(page: Page, email: string, password = 'correct-horse-1') {
  await page.goto('/register');
  await fillRegisterForm(page, email, password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/onboarding');
}

async function signOutFromShell(page: Page, firstName: string) {
  await page.getByRole('button', { name: new RegExp(`^${firstName} .*account menu$`) }).click();
  const logoutResponse = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/logout');
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const res = await logoutResponse;
  expect(res.request().method()).toBe('POST');
  expect(res.status()).toBe(200);
  // POST /api/logout (never a GET), then the landing page.
  await page.waitForURL((url) => url.pathname === '/');
}

async function currentUserStatus(page: Page): Promise<number> {
  return (await page.request.get('/api/auth/user')).status();
}

describe('registration', () => {
  it('a new account lands on onboarding, signed in, with the success toast', async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail();
    await register(page, email);

    await page.getByText('Registration Successful').waitFor();
    await page.getByText("Welcome to Replypilot! Let's set up your assistant.").waitFor();
    await page.getByRole('heading', { name: /Welcome, Ada!/ }).waitFor();
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(email);
    await e2e.screenshot(page, 'auth-onboarding-after-register');
  });

  it('an empty submit shows every required-field message and sends nothing', async () => {
    const page = await e2e.newPage();
    let posted = false;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/auth/register')) posted = true;
    });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();

    for (const message of ['First name is required', 'Email is required', 'Password is required', 'You must accept the terms of service']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(posted).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/register');
    await e2e.screenshot(page, 'auth-register-validation');
  });

  it('format rules: invalid email, short password, mismatched confirmation; an edit clears its error', async () => {
    const page = await e2e.newPage();
    await page.goto('/register');
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password', { exact: true }).fill('abd');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();

    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByText('Please enter a valid email address').waitFor({ state: 'detached' });
    expect(await page.getByText('Password must be at least 8 characters').count()).toBe(1);
  });

  it('registering an existing email shows the server message and stays on the form', async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail();
    await register(page, email);
    await signOutFromShellOrLanding(page);

    await page.goto('/register');
    await fillRegisterForm(page, email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Registration Failed').waitFor();
    await page.getByText('This email is already registered. Please try logging in instead.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
  });
});

// Onboarding has no shell; sign out through the server route the shell's Sign Out uses (POST only).
async function signOutFromShellOrLanding(page: Page) {
  expect((await page.request.post('/api/logout')).status()).toBe(200);
  await page.goto('/');
  expect(await currentUserStatus(page)).toBe(401);
}

describe('sign out and sign in', () => {
  it('Sign Out in the shell ends the session; Sign In returns to the dashboard', async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail();
    await register(page, email, 'sturdy-password-9');

    await page.goto('/dashboard');
    await page.getByText('Welcome, Ada').waitFor();
    await signOutFromShell(page, 'Ada');
    expect(await currentUserStatus(page)).toBe(401);

    await page.goto('/dashboard');
    await page.waitForURL('**/login');

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('sturdy-password-9');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Login Successful').waitFor();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('Welcome, Ada').waitFor();
    expect(await currentUserStatus(page)).toBe(200);
    await e2e.screenshot(page, 'auth-dashboard-after-login');
  });

  it('a wrong password shows the invalid-credentials toast and stays signed out', async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail();
    await register(page, email, 'right-password-1');
    await signOutFromShellOrLanding(page);

    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please check your email and password and try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await currentUserStatus(page)).toBe(401);
  });

  it('login validation: empty submit asks for email and password', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
  });
});

describe('live demo', () => {
  it('"Try Live Demo" on the landing page signs in the demo user and lands on the dashboard', async () => {
    const page = await e2e.newPage();
    const stats = page.waitForResponse((r) => r.url().endsWith('/api/stats/public'));
    await page.goto('/');
    // No instance-wide counts unless the operator turned PUBLIC_STATS on: the API says so, the page shows no block.
    expect(await (await stats).json()).toEqual({ enabled: false });
    await page.getByRole('link', { name: 'Try Live Demo' }).first().waitFor();
    expect(await page.getByRole('region', { name: 'On this server so far' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Try Live Demo' }).first().click();
    await page.waitForURL('**/test-login');
    await page.getByText("You're in the live demo").waitFor();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Demo .*account menu$/ }).waitFor();
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me.isDemo).toBe(true);
    // Each visitor's demo is their own and temporary, and the page says when it goes.
    await page.getByRole('note').getByText('This is your own demo workspace').waitFor();
    expect(Date.parse(me.demoExpiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await e2e.screenshot(page, 'auth-demo-dashboard');
  });
});
