import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixtureSite, type FixtureSite } from '../support/fixture-site';
import { startE2E, type E2E } from './harness';

// The Knowledge Base page: add, edit and delete an FAQ; public and internal entries (ADR 0037);
// scan a fixture website; how it looks empty, full, dark and on a phone.
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

let counter = 0;
async function registeredPage(): Promise<Page> {
  const page = await e2e.newPage();
  const email = `kb.${Date.now()}.${++counter}@example.com`;
  const res = await page.request.post('/api/auth/register', { data: { firstName: 'Kim', lastName: 'Baker', email, password: 'secret-kb-1' } });
  expect(res.status()).toBe(201);
  return page;
}

const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('knowledge base', () => {
  it('adds, edits and deletes an FAQ', async () => {
    const page = await registeredPage();
    await page.goto('/knowledge');
    await page.getByRole('heading', { name: 'Your knowledge base is empty' }).waitFor();
    await e2e.screenshot(page, 'knowledge-empty');
    await page.getByRole('link', { name: 'Knowledge Base' }).first().waitFor();

    await page.getByRole('button', { name: 'Add entry' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Question').fill('Do you offer refunds?');
    await dialog.getByLabel('Answer').fill('Yes, within 14 days of the first session.');
    await e2e.screenshot(page, 'knowledge-add-dialog');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Do you offer refunds?' }).waitFor();
    await page.getByText('Yes, within 14 days of the first session.').waitFor();

    await page.getByRole('button', { name: 'Edit Do you offer refunds?' }).click();
    await expect.poll(() => dialog.getByLabel('Answer').inputValue()).toBe('Yes, within 14 days of the first session.');
    await dialog.getByLabel('Answer').fill('Yes, within 30 days.');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Yes, within 30 days.').waitFor();

    await page.getByRole('button', { name: 'Delete Do you offer refunds?' }).click();
    await page.getByRole('dialog', { name: 'Delete this entry?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Your knowledge base is empty' }).waitFor();
    expect((await (await page.request.get('/api/knowledge')).json()).pagination.total).toBe(0);
  });

  it('says public entries can be sent to customers; a document starts internal and is made public in one click', async () => {
    const page = await registeredPage();
    // As a newcomer gets there: from the dashboard's sidebar.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Knowledge Base' }).first().click();
    await page.getByRole('heading', { name: 'Knowledge Base', level: 1 }).waitFor();
    await page.getByText('Public entries can be sent to your customers.').waitFor();

    await page.getByRole('button', { name: 'Add entry' }).first().click();
    const dialog = page.getByRole('dialog');
    // An FAQ starts public; switching the kind to Document makes it internal, until chosen otherwise.
    await dialog
      .getByRole('radio', { name: /Public/ })
      .and(page.locator('[aria-checked="true"]'))
      .waitFor();
    await dialog.getByLabel('Kind').selectOption('document');
    await dialog
      .getByRole('radio', { name: /Internal/ })
      .and(page.locator('[aria-checked="true"]'))
      .waitFor();
    await dialog.getByLabel('Title').fill('Internal pricing');
    await dialog.getByLabel('Text').fill('Staff discount code NORA-STAFF-30. Never share.');
    await e2e.screenshot(page, 'knowledge-add-document-internal');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add entry' }).first().click();
    await dialog.getByLabel('Question').fill('Do you offer discounts?');
    await dialog.getByLabel('Answer').fill('Students get 10% off with an ID.');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await card('Internal pricing').getByText('Internal · team only').waitFor();
    await card('Do you offer discounts?').getByText('Public · can be sent to customers').waitFor();
    await page.getByText('Now: 1 public, 1 internal.').waitFor();
    await e2e.screenshot(page, 'knowledge-visibility');

    await page
      .getByRole('group', { name: 'Visibility' })
      .getByRole('button', { name: /Internal/ })
      .click();
    await expect.poll(() => page.getByRole('heading', { name: 'Do you offer discounts?' }).count()).toBe(0);
    await card('Internal pricing').getByRole('button', { name: 'Make public' }).click();
    await page.getByText('“Internal pricing” can now be sent to customers.').waitFor();
    await page.getByRole('group', { name: 'Visibility' }).getByRole('button', { name: /Any/ }).click();
    await card('Internal pricing').getByText('Public · can be sent to customers').waitFor();
    const list = (await (await page.request.get('/api/knowledge')).json()) as { visibilityCounts: Record<string, number> };
    expect(list.visibilityCounts).toEqual({ public: 2, internal: 0 });

    await card('Internal pricing').getByRole('button', { name: 'Make internal' }).click();
    await card('Internal pricing').getByText('Internal · team only').waitFor();
    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'dark'));
    await page.goto('/knowledge');
    await card('Internal pricing').getByText('Internal · team only').waitFor();
    await e2e.screenshot(page, 'knowledge-visibility-dark');
    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'light'));
  });

  it('shows a bad input message from the server in the dialog', async () => {
    const page = await registeredPage();
    await page.goto('/knowledge');
    await page.getByRole('button', { name: 'Add entry' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Question').fill('Only a question');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Answer is required' }).waitFor();
  });

  it('scans a website, then looks right full, in dark mode and on a phone', async () => {
    const page = await registeredPage();
    await page.goto('/knowledge');
    await page.getByRole('button', { name: 'Scan website' }).click();
    await page.getByText('Website Required').waitFor();

    await page.getByLabel('Website address').fill(site.origin);
    await page.getByRole('button', { name: 'Scan website' }).click();
    await page.getByText('Scanned BrightPath Coaching').waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: /Web pages\s*4/ }).waitFor();
    await page.getByRole('tab', { name: /Offers\s*2/ }).waitFor();
    await page.getByRole('heading', { name: '6-Week Career Sprint' }).waitFor();
    await e2e.screenshot(page, 'knowledge-scanned');

    await page.getByRole('tab', { name: /Offers/ }).click();
    await page.getByText('$499').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search the knowledge base' }).fill('mock');
    await page.getByRole('heading', { name: 'Interview Intensive' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: '6-Week Career Sprint' }).count()).toBe(0);

    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'dark'));
    await page.goto('/knowledge');
    await page.getByRole('heading', { name: 'Testimonial from Priya N.' }).waitFor();
    await e2e.screenshot(page, 'knowledge-dark');

    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'light'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/knowledge');
    await page.getByRole('heading', { name: 'Testimonial from Priya N.' }).waitFor();
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, 'knowledge-phone');
    await page.getByRole('button', { name: 'Edit 6-Week Career Sprint' }).click();
    await page.getByRole('dialog').getByLabel('Price (USD)').waitFor();
    await e2e.screenshot(page, 'knowledge-phone-edit-offer');
  });

  it('shows Scan Failed with the reason', async () => {
    const page = await registeredPage();
    await page.goto('/knowledge');
    await page.getByLabel('Website address').fill(`${site.origin}/missing.html`);
    await page.getByRole('button', { name: 'Scan website' }).click();
    await page.getByRole('alert').filter({ hasText: 'Scan Failed: The site answered with HTTP 404' }).waitFor();
    await e2e.screenshot(page, 'knowledge-scan-failed');
  });
});
