import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixtureSite, type FixtureSite } from '../support/fixture-site';
import { startE2E, type E2E } from './harness';

// Register → every onboarding step (saved as we go, resumed after a reload) with a local fixture
// website → Launch → Celebrate → dashboard; the chosen template's flow and the scanned offers exist.
let e2e: E2E;
let site: FixtureSite;
beforeAll(async () => {
  e2e = await startE2E({ env: { WEBSITE_SCAN_ALLOW_LOOPBACK: 'true' } });
  site = await serveFixtureSite('brightpath-coaching');
});
afterAll(async () => {
  await site?.close();
  await e2e?.stop();
});

const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const continueButton = (page: Page) => page.getByRole('button', { name: /^(Continue|Skip for now)/ });

async function register(page: Page): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Olive');
  await page.getByLabel('Last Name').fill('Owner');
  await page.getByLabel('Email').fill(`onboard.${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('correct-horse-1');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/onboarding');
}

describe('onboarding', () => {
  it('walks every step, resumes after a reload, and launches into the dashboard with the flow and scanned offers saved', async () => {
    const page = await e2e.newPage();
    await register(page);
    await page.getByRole('heading', { name: /Welcome, Olive!/ }).waitFor();
    await e2e.screenshot(page, 'onboarding-1-welcome');
    await page.getByRole('button', { name: 'Get Started' }).click();

    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await page.getByRole('radio', { name: 'Pro' }).check({ force: true });
    // Choosing a paid plan grants nothing: it says how to get one on this server (ADR 0041).
    await page
      .getByText('Choosing Pro here does not change your plan. Paid plans are set by the person who runs this Replypilot server: ask your operator.')
      .waitFor();
    await page.waitForTimeout(250); // the cards' colour transition
    await e2e.screenshot(page, 'onboarding-2-plan');
    await continueButton(page).click();

    await page.getByRole('heading', { name: 'Connect an account' }).waitFor();
    // No Meta app on this server: no Connect button that cannot work; it says why, and the sandbox stands in.
    await page.getByText("Instagram and Messenger aren't enabled on this server yet").waitFor();
    expect(await page.getByRole('button', { name: 'Connect', exact: true }).count()).toBe(0);
    expect(await page.getByText('Not enabled on this server yet').count()).toBe(2);
    await page.getByRole('button', { name: 'Use the sandbox' }).click();
    await page.getByRole('button', { name: 'Using the sandbox' }).waitFor();
    await e2e.screenshot(page, 'onboarding-3-connect');
    await continueButton(page).click();

    await page.getByRole('heading', { name: 'Scan your website' }).waitFor();
    // The scan is never required: until there is a result the step can be skipped.
    expect(await page.getByRole('button', { name: 'Skip for now' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Scan website' }).click();
    await page.getByText('Website Required').first().waitFor();
    await page.getByLabel('Website').fill(site.origin);
    await page.getByRole('button', { name: 'Scan website' }).click();
    await page.getByTestId('scan-results').waitFor({ timeout: 20_000 });
    await page.getByTestId('scan-results').getByText('6-Week Career Sprint').waitFor();
    await expect.poll(() => page.getByLabel('Business name').inputValue()).toBe('BrightPath Coaching');
    await e2e.screenshot(page, 'onboarding-4-scan');

    // Reload: the wizard comes back on the same step with the scan result, so Continue is allowed.
    await page.waitForTimeout(800);
    await page.reload();
    await page.getByRole('heading', { name: 'Scan your website' }).waitFor();
    await page.getByTestId('scan-results').waitFor();
    await continueButton(page).click();

    await page.getByRole('heading', { name: 'Build your knowledge base' }).waitFor();
    await page.getByLabel('What are your business hours?').fill('Mon–Fri, 9am–5pm');
    await page.getByLabel('What is your returns or refund policy?').fill('Full refund within 14 days');
    await e2e.screenshot(page, 'onboarding-5-knowledge');
    await continueButton(page).click();

    await page.getByRole('heading', { name: 'Choose a flow template' }).waitFor();
    expect(await continueButton(page).isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'Customer Support' }).check({ force: true });
    await page.waitForTimeout(250); // the cards' colour transition
    await e2e.screenshot(page, 'onboarding-6-template');
    await continueButton(page).click();

    await page.getByRole('heading', { name: 'Set tone & persona' }).waitFor();
    await page.getByRole('radio', { name: 'Professional' }).check({ force: true });
    await page.waitForTimeout(250); // the cards' colour transition
    await e2e.screenshot(page, 'onboarding-7-tone');
    await continueButton(page).click();

    await page.getByRole('heading', { name: 'Review your setup' }).waitFor();
    await page.getByText('Sandbox accounts').waitFor();
    await page.getByText('2 of 5 answered').waitFor();
    await e2e.screenshot(page, 'onboarding-8-review');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, 'onboarding-8-review-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('heading', { name: /You're all set/ }).waitFor();
    await page.getByText('Setup Complete!').first().waitFor();
    // The new flow is shown with what it sends, as a draft to publish from here; nothing moves the page away.
    await page.getByTestId('first-flow').getByText('Your first flow: Customer Support').waitFor();
    await page.getByTestId('first-flow').getByText('Draft', { exact: true }).waitFor();
    await e2e.screenshot(page, 'onboarding-9-celebrate');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    // Choosing Pro in the wizard granted nothing: the workspace is on Free (ADR 0041).
    await page.getByText('Subscription: Free').waitFor();

    const flows = (await (await page.request.get('/api/flows')).json()) as { name: string; flowData: unknown }[];
    expect(flows.map((f) => f.name)).toEqual(['Customer Support']);
    expect(JSON.stringify(flows[0]!.flowData)).toContain('Hello {first_name}, Thanks for contacting BrightPath Coaching support.');
    const offers = (await (await page.request.get('/api/knowledge?kind=offer')).json()) as { entries: { title: string }[] };
    expect(offers.entries.map((e) => e.title)).toContain('6-Week Career Sprint');
    const profile = (await (await page.request.get('/api/knowledge?kind=profile')).json()) as { entries: { title: string; body: string }[] };
    expect(profile.entries.map((e) => e.body).sort()).toEqual(['Full refund within 14 days', 'Mon–Fri, 9am–5pm']);
  });

  it('signed out, /onboarding asks to sign in and comes back; a scan that fails says why and keeps the way forward', async () => {
    const page = await e2e.newPage();
    const email = `onboard.back.${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { firstName: 'Sam', email, password: 'correct-horse-1' } })).status()).toBe(201);
    expect((await page.request.post('/api/logout')).status()).toBe(200);

    await page.goto('/onboarding');
    await page.waitForURL('**/login');
    await page.getByText('Sign in to open your setup.').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/onboarding');
    await page.getByRole('heading', { name: /Welcome, Sam!/ }).waitFor();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await continueButton(page).click(); // plan
    await continueButton(page).click(); // connect: skipped

    await page.getByRole('heading', { name: 'Scan your website' }).waitFor();
    // The fixture server is gone at this port: the scan fails with a reason, and the step can still be left.
    const closed = await serveFixtureSite('crumb-bakery');
    await closed.close();
    await page.getByLabel('Website').fill(closed.origin);
    await page.getByRole('button', { name: 'Scan website' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Scan Failed: .*refused the connection/ })
      .waitFor({ timeout: 20_000 });
    await page.getByText('continue without a scan').waitFor();
    await e2e.screenshot(page, 'onboarding-4-scan-failed');
    expect(await page.getByRole('button', { name: 'Skip for now' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('heading', { name: 'Build your knowledge base' }).waitFor();
  });

  it('shows the setup guides Connect Account links to', async () => {
    const page = await e2e.newPage();
    await page.goto('/facebook/setup');
    await page.getByRole('heading', { name: 'Set up Facebook & Instagram' }).waitFor();
    await e2e.screenshot(page, 'onboarding-facebook-setup');
    await page.goto('/whatsapp/setup');
    await page.getByRole('heading', { name: 'WhatsApp Business', exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, 'onboarding-whatsapp-setup-phone');
  });
});
