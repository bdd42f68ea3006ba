import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// A newcomer's first hour on a default install (no Meta, X or Google app, no website), done the way
// they would: from the landing page, clicking only, never typing an address. Register, onboarding
// without a website, publish the flow it made, "Try it" in the Simulator, the private reply live in
// the Inbox, the getting-started checklist ticking live on the dashboard, and the same count of
// automated replies on the dashboard and in Analytics. One server for the file.

let e2e: E2E;
let context: BrowserContext;
beforeAll(async () => {
  e2e = await startE2E();
  // UTC: Analytics counts UTC days, the dashboard the browser's day; one zone makes "today" one day.
  context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: 1280, height: 800 }, timezoneId: 'UTC' });
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

/** Today's row (UTC, "MM-DD") of an Analytics chart's table, by its column name. */
async function analyticsToday(page: Page, chart: string, column: string): Promise<number> {
  const table = page.getByRole('figure', { name: chart }).locator('table');
  const headers = await table.locator('thead th').allTextContents();
  const today = new Date().toISOString().slice(5, 10);
  const row = table.locator('tbody tr').filter({ has: page.locator('th', { hasText: today }) });
  const cells = await row.locator('th, td').allTextContents();
  return Number(cells[headers.indexOf(column)]);
}

describe("a newcomer's first hour", () => {
  it('landing → register → onboarding without a website → publish → Try it → reply live in the Inbox → checklist ticks → same count on dashboard and Analytics', async () => {
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
    await next(page).click();
    await page.getByRole('heading', { name: 'Build your knowledge base' }).waitFor();
    await next(page).click();
    await page.getByRole('heading', { name: 'Choose a flow template' }).waitFor();
    // A comment flow that answers with one private reply (and no public one), so "automated replies"
    // is the same number whether a page counts comments answered or replies sent.
    await page.getByRole('radio', { name: 'Event Promotion' }).check({ force: true });
    await next(page).click();
    await page.getByRole('heading', { name: 'Set tone & persona' }).waitFor();
    await next(page).click();
    await page.getByRole('heading', { name: 'Review your setup' }).waitFor();
    await page.getByRole('button', { name: 'Launch' }).click();

    // Onboarding ends with something live: publish the flow it made, right here.
    const first = page.getByTestId('first-flow');
    await first.getByText('Your first flow: Event Promotion').waitFor();
    await first.getByText('When someone comments “event”, “ticket” or “join” on a post, it sends a DM:').waitFor();
    await first.getByRole('button', { name: 'Publish it now' }).click();
    await first.getByText('Live', { exact: true }).waitFor();
    await e2e.screenshot(page, 'first-hour-1-published');
    await first.getByRole('button', { name: 'Try it in the Simulator' }).click();

    // The Simulator opens with a matching comment typed on a sandbox post.
    await page.waitForURL('**/simulator?**');
    await page.getByTestId('try-it-banner').getByText('Try “Event Promotion”').waitFor();
    const composer = page.getByLabel(/^Comment as @/);
    expect(await composer.inputValue()).toBe('event');

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
    await inbox.getByText("You are on the list for the Nora's Bakery event").first().waitFor();
    await e2e.screenshot(inbox, 'first-hour-4-inbox');

    // …and the checklist ticks "first automated reply" on the dashboard, also without a reload.
    await dashboard.getByTestId('getting-started-firstReply').and(dashboard.locator('[data-done="true"]')).waitFor({ timeout: 20_000 });
    expect(await dashboard.getByTestId('getting-started-progress').textContent()).toBe('3 of 4 done');
    await e2e.screenshot(dashboard, 'first-hour-5-checklist-after');

    // The same count of automated replies today on the dashboard and in Analytics.
    // Selectors (kept true after the figures are unified): the dashboard's Today card
    // [data-testid="today-comments-answered"], and the Analytics Overview chart "Messages in, out
    // and comments answered per day" → its table's "Comments answered" column, today's (UTC) row.
    await dashboard.reload();
    const answered = dashboard.getByTestId('today-comments-answered');
    await expect.poll(async () => (await answered.textContent())?.replace(/\D+/g, ''), { timeout: 15_000 }).toBe('1');
    await dashboard.getByRole('navigation').getByRole('link', { name: 'Analytics' }).first().click();
    await dashboard.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expect.poll(() => analyticsToday(dashboard, 'Messages in, out and comments answered per day', 'Comments answered'), { timeout: 15_000 }).toBe(1);
    await e2e.screenshot(dashboard, 'first-hour-6-analytics');
  });
});
