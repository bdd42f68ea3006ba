import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedResetToken } from '../support/dev-outbox';
import { startE2E, type E2E } from './harness';

// Account self-service: forgot password through the dev outbox, reset, sign in; the
// Settings page's password, name, notifications and delete sections.
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

let counter = 0;
const uniqueEmail = () => `grace.${Date.now()}.${++counter}@example.com`;

async function register(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/register', { data: { firstName: 'Grace', lastName: 'Hopper', email, password } });
  expect(res.status()).toBe(201);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
}

const status = async (page: Page) => (await page.request.get('/api/auth/user')).status();

describe('forgot password → outbox → reset → sign in', () => {
  it('resets the password with the emailed link and signs in with the new one', async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail();
    await register(page, email, 'original-secret-4');
    expect((await page.request.post('/api/logout')).status()).toBe(200);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await e2e.screenshot(page, 'account-forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await e2e.screenshot(page, 'account-forgot-password-sent');

    // Signed out, the dev outbox shows nobody's mail (reset links are account keys); the developer
    // finds the link in the server's log, which the test reads from the outbox table.
    await page.getByRole('link', { name: 'dev outbox' }).click();
    await page.waitForURL('**/dev/outbox');
    await page.getByText('to see the mails sent to your address').waitFor();
    expect(await page.getByText(`To: ${email}`).count()).toBe(0);
    await e2e.screenshot(page, 'account-dev-outbox-signed-out');
    const token = await mailedResetToken(e2e.app.app.database.pool, email);
    await page.goto(`/reset-password?token=${token}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();

    // The policy is explained, and the server's rule shows next to the field.
    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByLabel('Confirm new password', { exact: true }).fill('password123');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(/one of the most common passwords/).waitFor();
    await e2e.screenshot(page, 'account-reset-password');

    await page.getByLabel('New password', { exact: true }).fill('replacement-secret-5');
    await page.getByLabel('Confirm new password', { exact: true }).fill('replacement-secret-5');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Password changed').waitFor();

    await signIn(page, email, 'replacement-secret-5');
    expect(await status(page)).toBe(200);
    // Signed in, the dev outbox shows the mails sent to this address.
    await page.goto('/dev/outbox');
    await page.getByText(`To: ${email}`).waitFor();
    await e2e.screenshot(page, 'account-dev-outbox');
  });

  it('an invalid link says so and offers a new one', async () => {
    const page = await e2e.newPage();
    await page.goto('/reset-password?token=not-a-real-token-at-all-0000');
    await page.getByLabel('New password', { exact: true }).fill('replacement-secret-5');
    await page.getByLabel('Confirm new password', { exact: true }).fill('replacement-secret-5');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This reset link is invalid or has expired. Please request a new one.').waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
  });
});

describe('Settings', () => {
  it('changes the password (other sessions signed out, this one kept), the name and the notification toggles', async () => {
    const page = await e2e.newPage();
    const other = await e2e.newPage();
    const email = uniqueEmail();
    await register(page, email, 'original-secret-4');
    await signIn(other, email, 'original-secret-4');

    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Password' }).waitFor();
    await page.getByRole('switch', { name: 'Failed sends' }).waitFor();
    await e2e.screenshot(page, 'account-settings');

    await page.getByLabel('Current password', { exact: true }).fill('wrong-secret-0');
    await page.getByLabel('New password', { exact: true }).fill('changed-secret-6');
    await page.getByLabel('Confirm new password', { exact: true }).fill('changed-secret-6');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is incorrect').waitFor();

    await page.getByLabel('Current password', { exact: true }).fill('original-secret-4');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password updated. Your other sessions have been signed out.').waitFor();
    expect(await status(page)).toBe(200);
    expect(await status(other)).toBe(401);

    await page.getByLabel('First name').fill('Amazing');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Profile saved').waitFor();

    await page.getByRole('switch', { name: 'Weekly summary' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('switch', { name: 'Weekly summary', checked: true }).waitFor();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Amazing');

    expect((await other.request.post('/api/auth/login', { data: { email, password: 'changed-secret-6' } })).status()).toBe(200);
  });

  it('looks right on a 390 px phone', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await register(page, uniqueEmail(), 'original-secret-4');
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('button', { name: 'Permanently delete' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, 'account-settings-phone');
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await e2e.screenshot(page, 'account-forgot-password-phone');
    await page.goto('/reset-password?token=abc');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await e2e.screenshot(page, 'account-reset-password-phone');
  });

  it('deletes the account after the typed confirmation and the password, and signs out', async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail();
    await register(page, email, 'original-secret-4');
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('button', { name: 'Permanently delete' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel(`Type ${email} or DELETE to confirm`).fill('DELETE');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Your password', { exact: true }).fill('not-my-password');
    await confirm.click();
    await page.getByText('Password is incorrect').waitFor();
    await e2e.screenshot(page, 'account-delete-wrong-password');
    await page.getByLabel('Your password', { exact: true }).fill('original-secret-4');
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Account deleted').waitFor();
    expect(await status(page)).toBe(401);
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'original-secret-4' } })).status()).toBe(401);
  });
});
