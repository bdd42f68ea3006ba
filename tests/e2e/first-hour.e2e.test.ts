import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// A newcomer's first hour on a default install (no Meta, X or Google app, no website), done the way
// they would: from the landing page, clicking only, never typing an address. Register, onboarding
// without a website, publish the flow it made, "Try it" in the Simulator, the private reply live in
// the Inbox, the getting-started checklist ticking live on the dashboard, and the same glossary figures
// (automated replies, comments answered) on the dashboard and in Analytics. One server for the file.

let e2e: E2E;
let context: BrowserContext;
beforeAll(async () => {
  e2e = await startE2E();
  // Not UTC: registration takes the browser's zone for the workspace, and every page counts its days in it.
  context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: 1280, height: 800 }, timezoneId: 'America/New_York' });
  context.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await context?.close();
  await e2e?.stop();
});

const next = (page: Page) => page.getByRole('button', { name: /^(Continue|Skip for now)/ });

/** Opens a link in a new tab the way a person does (Ctrl+click), so two pages can be watched at once. */
async function openInNewTab(link: Locator): Promise<Page> {
  const opened = context.waitForEvent('page');
  await link.click({ modifiers: ['Control'] });
  const page = await opened;
  await page.waitForLoadState();
  return page;
}

/** A dashboard figure as shown: its label, its number and its note ("Automated replies 2 2 in the simulator"). */
const todayFigure = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .innerText()
    .then((t) => t.replace(/\s+/g, ' ').trim());

/** An Analytics card as shown: the same (its number carries the test id; the card is the figure). */
const analyticsFigure = (page: Page, testId: string) =>
  page
    .locator('div', { has: page.getByTestId(testId) })
    .last()
    .innerText()
    .then((t) => t.replace(/\s+/g, ' ').trim());

describe("a newcomer's first hour", () => {
  it('landing → register → onboarding without a website → publish → Try it → reply live in the Inbox → checklist ticks → same figures on dashboard and Analytics', async () => {
    const page = await context.newPage();
    await page.goto('/');

    // No Google sign-in on this server: "Start free" opens the register form (no trial is promised).
    await page.getByRole('link', { name: 'Start free' }).first().click();
    await page.waitForURL('**/register');
    expect(await page.getByText(/free trial/i).count()).toBe(0);
    // The password rules are on the form before anything is typed.
    await page.getByText('At least 8 characters, not a common password, and not containing your email or the part before the @.').waitFor();
    await page.getByLabel('First Name').fill('Nora');
    await page.getByLabel('Last Name').fill('Baker');
    await page.getByLabel('Email').fill(`nora.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('flour-and-water-7');
    await page.getByLabel('Confirm Password', { exact: true }).fill('flour-and-water-7');
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await next(page).click();
    await page.getByRole('heading', { name: 'Connect an account' }).waitFor();
    await page.getByRole('button', { name: 'Use the sandbox' }).click();
    await next(page).click();
    await page.getByRole('heading', { name: 'Scan your website' }).waitFor();
    await page.getByRole('button', { name: "I don't have a website" }).click();
    await page.getByTestId('no-website').waitFor();
    await page.getByLabel('Business name').fill("Nora's Bakery");
    await page.getByLabel('A link to share (optional)').fill('https://norasbakery.example/guide');
    await next(page).click();
    await page.getByRole('heading', { name: 'Build your knowledge base' }).waitFor();
    await next(page).click();
    await page.getByRole('heading', { name: 'Choose a flow template' }).waitFor();
    // A comment flow that answers in public and in private: two automated replies, one comment answered.
    await page.getByRole('radio', { name: 'Lead Magnet' }).check({ force: true });
    await next(page).click();
    await page.getByRole('heading', { name: 'Set tone & persona' }).waitFor();
    await next(page).click();
    await page.getByRole('heading', { name: 'Review your setup' }).waitFor();
    await page.getByRole('button', { name: 'Launch' }).click();

    // Onboarding ends with something live: publish the flow it made, right here.
    const first = page.getByTestId('first-flow');
    await first.getByText('Your first flow: Lead Magnet').waitFor();
    await first.getByText('When someone comments “guide”, “free” or “send” on a post, it replies to the comment and sends a DM:').waitFor();
    await first.getByRole('button', { name: 'Publish it now' }).click();
    await first.getByText('Live', { exact: true }).waitFor();
    await e2e.screenshot(page, 'first-hour-1-published');
    await first.getByRole('button', { name: 'Try it in the Simulator' }).click();

    // The Simulator opens with a matching comment typed on a sandbox post.
    await page.waitForURL('**/simulator?**');
    await page.getByTestId('try-it-banner').getByText('Try “Lead Magnet”').waitFor();
    const composer = page.getByLabel(/^Comment as @/);
    expect(await composer.inputValue()).toBe('guide');

    // The Inbox and the dashboard in tabs of their own, opened by Ctrl+click, watched while the comment goes out.
    const inbox = await openInNewTab(page.getByRole('link', { name: 'Open Inbox' }));
    await inbox.getByRole('heading', { name: 'Unified Inbox' }).waitFor();
    const dashboard = await openInNewTab(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first());
    const checklist = dashboard.getByTestId('getting-started');
    await checklist.waitFor();
    expect(await dashboard.getByTestId('getting-started-progress').textContent()).toBe('2 of 4 done');
    expect(await dashboard.getByTestId('getting-started-firstReply').getAttribute('data-done')).toBe('false');
    await e2e.screenshot(dashboard, 'first-hour-2-checklist-before');

    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByText(/Private reply sent to @/).waitFor({ timeout: 20_000 });
    await e2e.screenshot(page, 'first-hour-3-simulator');

    // Live, without a reload: the conversation arrives in the Inbox with the private reply in it.
    const row = inbox.getByRole('list', { name: 'Conversations' }).getByText('Maya Chen');
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    await inbox.getByText("Here is the free guide from Nora's Bakery: https://norasbakery.example/guide").first().waitFor();
    await e2e.screenshot(inbox, 'first-hour-4-inbox');

    // …and the checklist ticks "first automated reply" on the dashboard, also without a reload.
    await dashboard.getByTestId('getting-started-firstReply').and(dashboard.locator('[data-done="true"]')).waitFor({ timeout: 20_000 });
    expect(await dashboard.getByTestId('getting-started-progress').textContent()).toBe('3 of 4 done');
    await e2e.screenshot(dashboard, 'first-hour-5-checklist-after');

    // The same glossary figures on the dashboard (today) and in Analytics (last 30 days: this workspace
    // began today): the public and the private reply are two automated replies, on one comment answered.
    await dashboard.reload();
    await expect.poll(() => todayFigure(dashboard, 'today-automated-replies'), { timeout: 15_000 }).toBe('Automated replies 2 2 in the simulator');
    expect(await todayFigure(dashboard, 'today-comments-answered')).toBe('Comments answered 1 1 in the simulator');
    await dashboard.getByRole('navigation').getByRole('link', { name: 'Analytics' }).first().click();
    await dashboard.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expect.poll(() => analyticsFigure(dashboard, 'analytics-automated-replies'), { timeout: 15_000 }).toBe('Automated replies 2 2 in the simulator');
    expect(await analyticsFigure(dashboard, 'analytics-comments-answered')).toBe('Comments answered 1 1 in the simulator');
    await e2e.screenshot(dashboard, 'first-hour-6-analytics');
  });
});
