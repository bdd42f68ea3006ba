import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { screenshotDir, startE2E, type E2E } from './harness';

// The Templates page: search and filters, the read-only preview filled with the workspace's details,
// Activate → the editor; Save as template in the editor → My Templates; signed out, Activate says
// Login Required; light, dark and a phone.
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

let counter = 0;
async function registeredPage(): Promise<Page> {
  const page = await e2e.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: { firstName: 'Tara', lastName: 'Temple', email: `tpl.${Date.now()}.${++counter}@example.com`, password: 'secret-tpl-1' },
  });
  expect(res.status()).toBe(201);
  return page;
}

/** The visible screen only: a dialog is fixed, so a full-page shot would place it wherever the page was scrolled. */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
const cards = (page: Page) => page.locator('[data-template-id]');
const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('templates page', () => {
  it('searches and filters, previews a graph read-only filled with my details, and activates into the editor', async () => {
    const page = await registeredPage();
    expect((await page.request.put('/api/knowledge/profile/business_hours', { data: { answer: 'Mon–Fri 9–5' } })).ok()).toBe(true);
    await page.goto('/templates');
    await page.getByRole('heading', { name: 'Lead Magnet', exact: true }).waitFor();
    expect(await cards(page).count()).toBeGreaterThanOrEqual(15);
    // Three tags at most on a card.
    expect(
      await cards(page)
        .first()
        .locator('span.rounded-full')
        .filter({ hasText: /^(lead magnet|comments|free guide|tagging)$/ })
        .count(),
    ).toBe(3);
    await e2e.screenshot(page, 'templates');

    await page.getByLabel('Search').fill('WEBINAR');
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.getByLabel('Search').fill('zzz-nothing');
    await page.getByRole('heading', { name: 'No templates found' }).waitFor();
    await e2e.screenshot(page, 'templates-empty');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Difficulty').selectOption('expert');
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.getByLabel('Difficulty').selectOption('');
    await page.getByLabel('Platform').selectOption('twitter');
    await expect.poll(async () => page.locator('[data-template-id="story_thank_you"]').count()).toBe(0);
    await page.getByLabel('Platform').selectOption('');
    await page.getByLabel('Category').selectOption('events');
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.getByLabel('Category').selectOption('');

    await page.getByRole('button', { name: 'Preview Customer Support' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Customer Support' }).waitFor();
    await expect.poll(() => dialog.locator('.react-flow__node').count()).toBe(11);
    expect(await dialog.locator('.react-flow__edge').count()).toBe(13);
    // Filled as activation fills it: my hours, and a marked placeholder for what I have not added.
    const variables = dialog.getByTestId('template-variables');
    expect(await variables.locator('[data-variable="business_hours"][data-missing="false"]').innerText()).toContain('Mon–Fri 9–5');
    expect(await variables.locator('[data-variable="returns"][data-missing="true"]').innerText()).toContain('[your returns policy — add it in Knowledge]');
    expect(await variables.locator('[data-variable="returns"]').getByRole('link', { name: 'add it in Knowledge' }).getAttribute('href')).toBe('/knowledge');
    expect(await dialog.locator('.react-flow__node').filter({ hasText: 'We are open Mon–Fri 9–5' }).count()).toBe(1);
    expect(await dialog.innerText()).not.toContain('[[');
    await page.waitForTimeout(300);
    await viewportShot(page, 'templates-preview');
    await dialog.getByRole('button', { name: 'X (Twitter)' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'X (Twitter)' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => dialog.locator('.react-flow__node').count()).toBe(11);
    await dialog.getByRole('button', { name: 'Instagram' }).click();
    await dialog.getByRole('button', { name: 'Activate template' }).click();

    await page.waitForURL(/\/flows\/[0-9a-f-]{36}$/);
    await page.getByText('Template Activated').first().waitFor();
    const canvas = page.getByLabel('Flow canvas');
    await canvas.locator('.react-flow__node').first().waitFor();
    expect(await canvas.locator('.react-flow__node').count()).toBe(11);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await e2e.screenshot(page, 'templates-activated-editor');
  }, 120_000); // three pages and two previews: close to a minute when the machine is busy

  it('saves a flow as a template from the editor, with a toast, and it appears in My Templates', async () => {
    const page = await registeredPage();
    const activated = await page.request.post('/api/templates/coupon_delivery/activate', { data: {} });
    expect(activated.status()).toBe(201);
    const { flowId } = (await activated.json()) as { flowId: string };
    await page.goto(`/flows/${flowId}`);
    const saveAsTemplate = page.getByRole('button', { name: 'Save as template' });
    await saveAsTemplate.waitFor({ timeout: 30_000 }); // the editor's first load, on a busy machine
    // Made from the saved flow, so unsaved changes must be saved first.
    await page.getByLabel('Flow name').fill('Tara coupon flow');
    await expect.poll(() => saveAsTemplate.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' });
    await expect.poll(() => saveAsTemplate.isEnabled()).toBe(true);
    await saveAsTemplate.click();
    await page.getByText('Saved as Template').first().waitFor();
    await page.getByText('“Tara coupon flow” is in My Templates on the Templates page.').waitFor();
    await e2e.screenshot(page, 'flow-editor-saved-as-template');

    await page.goto('/templates');
    await page.getByLabel('Category').selectOption('my_templates');
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.getByRole('heading', { name: 'Tara coupon flow' }).waitFor();
    await page.getByRole('button', { name: 'Preview Tara coupon flow' }).click();
    await expect.poll(() => page.getByRole('dialog').locator('.react-flow__node').count()).toBeGreaterThan(1);
    await page.waitForTimeout(300);
    await viewportShot(page, 'templates-my-template-preview');
  }, 120_000);

  it('looks finished in dark mode and on a phone', async () => {
    const page = await registeredPage();
    await page.goto('/templates');
    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'dark'));
    await page.reload();
    await page.getByRole('heading', { name: 'Lead Magnet', exact: true }).waitFor();
    await e2e.screenshot(page, 'templates-dark');
    await page.getByRole('button', { name: 'Preview Webinar Reminder Sequence' }).click();
    await page.getByRole('dialog').locator('.react-flow__node').first().waitFor();
    await page.waitForTimeout(300);
    await viewportShot(page, 'templates-preview-dark');
    await page.getByRole('button', { name: 'Close preview' }).click();

    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'light'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Lead Magnet', exact: true }).waitFor();
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);
    await viewportShot(page, 'templates-phone');
    await page.getByRole('button', { name: 'Preview Lead Magnet', exact: true }).click();
    await page.getByRole('dialog').locator('.react-flow__node').first().waitFor();
    await page.waitForTimeout(300);
    await viewportShot(page, 'templates-preview-phone');
  });

  it('signed out, browsing works and Activate says Login Required', async () => {
    const page = await e2e.newPage();
    await page.goto('/templates');
    await page.getByRole('button', { name: 'Activate Lead Magnet', exact: true }).click();
    await page.getByText('Login Required').waitFor();
    await page.getByText('Please log in to activate templates').waitFor();
    await e2e.screenshot(page, 'templates-signed-out');
  });
});
