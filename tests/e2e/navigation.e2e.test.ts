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

/** Signs the page's browser profile in as the demo user (same cookie jar as the page). */
async function signInAsDemo(page: Page) {
  const res = await page.request.post('/api/auth/test-login', { data: { email: 'e2e-demo@replypilot.app' } });
  expect(res.status()).toBe(200);
}

describe('route guards', () => {
  for (const path of ['/dashboard', '/inbox', '/settings', '/flows/42', '/system-test', '/comprehensive-test', '/real-data-test', '/feature-validation']) {
    it(`${path} redirects a signed-out visitor to /login`, async () => {
      const page = await e2e.newPage();
      await page.goto(path);
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    });
  }

  it('a signed-in user sees guarded pages inside the shell, with the active sidebar link', async () => {
    const page = await e2e.newPage();
    await signInAsDemo(page);
    await page.goto('/flows/42');
    // Not a flow id: the editor says so, inside the shell, with Flow Builder active.
    await page.getByRole('heading', { name: 'Flow not found' }).waitFor();
    const flowLink = page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Flow Builder' });
    expect(await flowLink.getAttribute('aria-current')).toBe('page');

    await page.goto('/inbox');
    // The demo workspace is seeded: its conversations are listed.
    await page.getByText('Nia Brooks').first().waitFor();
    await page.getByText('Select a conversation').waitFor();
  });
});

describe('not found and shared chrome', () => {
  it('an unknown route shows Page Not Found, and Go Home returns to the landing page', async () => {
    const page = await e2e.newPage();
    await page.goto('/this/route/does-not-exist');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText("The page you're looking for doesn't exist.").waitFor();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: /Turn every comment and DM/ }).waitFor();
  });

  it('every layout has a skip link to #main-content', async () => {
    const page = await e2e.newPage();
    for (const path of ['/', '/login', '/pricing', '/oauth-setup', '/nope']) {
      await page.goto(path);
      await page.locator('#main-content').waitFor();
      expect(await page.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');
    }
  });

  it('the landing page renders without script errors and lists the six feature cards', async () => {
    const page = await e2e.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/');
    for (const title of ['Comment Growth Tool', 'Unified Inbox', 'Visual Flow Builder', 'Customer Segmentation', 'Broadcasting', 'Advanced Templates']) {
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    expect(errors).toEqual([]);
    await e2e.screenshot(page, 'nav-landing');
  });
});

describe('theme', () => {
  it('choosing Dark applies html.dark and survives a reload', async () => {
    const page = await e2e.newPage();
    await signInAsDemo(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('replypilot-theme'))).toBe('dark');

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await e2e.screenshot(page, 'nav-dashboard-dark');

    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });
});

describe('newsletter', () => {
  /** Submits the footer form and returns the toast it shows (the app's toasts, never a browser alert). */
  async function submitNewsletter(page: Page, email: string, expected: string): Promise<void> {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByLabel('Email address for newsletter').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText(expected).last().waitFor();
    expect(dialogs).toEqual([]);
  }

  it('a valid address shows the thank-you toast and clears the field', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await submitNewsletter(
      page,
      `reader.${Date.now()}@example.com`,
      "Thank you for subscribing! You'll receive updates about new features and automation tips.",
    );
    await page.waitForFunction(() => (document.getElementById('newsletter-email') as HTMLInputElement | null)?.value === '');
    await e2e.screenshot(page, 'nav-newsletter-toast');
  });

  it('empty and malformed addresses are refused in the browser', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await submitNewsletter(page, '   ', 'Please enter your email address');
    await submitNewsletter(page, 'reader@example', 'Please enter a valid email address');
  });
});

describe('support chat widget', () => {
  it('opens, refuses blank input, and answers a pricing question with a local reply', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open support chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Support chat' });
    await panel.waitFor();
    const send = panel.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);

    const input = panel.getByRole('textbox', { name: 'Message' });
    await input.fill('How much is the price?');
    expect(await send.isDisabled()).toBe(false);
    await input.press('Enter');
    await panel.getByText('How much is the price?').waitFor();
    await panel.getByText(/Starter \$15\/month \(1,000 messages/).waitFor();
  });
});
