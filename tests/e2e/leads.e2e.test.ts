import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadsPage } from '../../contracts/leads';
import type { SimulatorState } from '../../contracts/simulator';
import { startE2E, type E2E } from './harness';

// Sales Leads E2E: a simulator comment that fires a rule makes a lead on /leads; its status changes
// from the dropdown with the spec's toast; screenshots with data, empty, dark and on a phone.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

let seq = 0;
async function registerFresh(page: Page) {
  const email = `leads-e2e-${Date.now()}-${++seq}@example.com`;
  const res = await page.request.post('/api/auth/register', { data: { firstName: 'Lena', lastName: 'Leads', email, password: 'secret12' } });
  expect(res.status()).toBe(201);
}

async function leadsApi(page: Page): Promise<LeadsPage> {
  return (await (await page.request.get('/api/leads')).json()) as LeadsPage;
}

describe('/leads', () => {
  it('a comment that fires a rule shows up as a lead; its status changes with a toast; it opens its conversation', async () => {
    const page = await e2e.newPage();
    await registerFresh(page);
    await page.goto('/leads');
    await page.getByText('No leads yet').waitFor();
    await e2e.screenshot(page, 'leads-empty');

    expect(
      (
        await page.request.post('/api/comment-rules', {
          data: { platform: 'instagram', keywords: ['catalogue'], responseTemplate: 'Here it is: example.com/catalogue' },
        })
      ).status(),
    ).toBe(201);
    const sim = (await (await page.request.get('/api/simulator')).json()) as SimulatorState;
    const ig = sim.accounts.find((a) => a.platform === 'instagram')!;
    const post = sim.posts.find((p) => p.accountId === ig.id)!;
    const comment = await page.request.post('/api/simulator/comments', {
      data: {
        accountId: ig.id,
        postId: post.externalId,
        contact: { externalUserId: 'sim-lia', name: 'Lia Lead', username: 'lia.lead' },
        text: 'Catalogue please!',
      },
    });
    expect(comment.status()).toBe(202);
    await expect.poll(async () => (await leadsApi(page)).leads.length, { timeout: 10_000 }).toBe(1);

    await page.reload();
    const row = page.getByTestId('lead-row').filter({ hasText: 'Lia Lead' });
    await row.waitFor();
    expect(await row.textContent()).toContain('@lia.lead');
    expect(await page.getByTestId('lead-count-new').textContent()).toBe('1');

    await row.getByLabel('Status of Lia Lead').selectOption('qualified');
    await page.getByText('Lead updated successfully').waitFor();
    await expect.poll(() => page.getByTestId('lead-count-qualified').textContent()).toBe('1');
    expect(await page.getByTestId('lead-count-new').textContent()).toBe('0');
    expect((await leadsApi(page)).leads[0]!.status).toBe('qualified');

    await row.getByRole('link', { name: 'Open conversation with Lia Lead' }).click();
    await page.waitForURL(/\/inbox\?c=[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Unified Inbox' }).waitFor();
  });

  it('adds a lead by hand, pages 20 at a time, and looks finished in light, dark and on a phone', async () => {
    const page = await e2e.newPage();
    await registerFresh(page);
    const statuses = ['new', 'contacted', 'qualified', 'converted', 'lost'];
    const sources = ['instagram', 'facebook', 'twitter', 'manual'];
    const people = [
      'Ava Stone',
      'Ben Ortiz',
      'Chloé Martin',
      'Dev Patel',
      'Emma Wright',
      'Femi Adebayo',
      'Grace Kim',
      'Hugo Brandt',
      'Isla Moreau',
      'Jon Park',
      'Kira Sato',
      'Liam Byrne',
    ];
    for (let i = 0; i < 24; i++) {
      const name = `${people[i % people.length]}${i >= people.length ? ' II' : ''}`;
      const res = await page.request.post('/api/leads', {
        data: {
          name,
          email: i % 3 === 0 ? undefined : `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
          socialHandle: i % 2 ? `@${name.split(' ')[0]!.toLowerCase()}` : undefined,
          source: sources[i % 4],
          status: statuses[i % 5],
          value: (i % 6) * 49_900,
        },
      });
      expect(res.status()).toBe(201);
    }

    await page.goto('/leads');
    await page.getByRole('button', { name: 'Add Lead' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Lead' });
    const submit = dialog.getByRole('button', { name: 'Add Lead' });
    expect(await submit.isDisabled()).toBe(true); // docs/product-spec.md §5: nothing is sent without a name or email
    await dialog.getByLabel('Email').fill('zoe@example.com');
    await dialog.getByLabel('Source').selectOption('instagram');
    await submit.click();
    await page.getByText('Lead created successfully').waitFor();
    await page.getByTestId('lead-row').filter({ hasText: 'zoe@example.com' }).waitFor();

    expect(await page.getByTestId('lead-row').count()).toBe(20);
    await page.getByText('Showing 1–20 of 25 leads').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await page.getByTestId('lead-row').count()).toBe(5);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1 of 2').waitFor();

    await page.getByLabel('Source').selectOption('twitter');
    await expect.poll(() => page.getByTestId('lead-row').count()).toBe(6);
    await page.getByLabel('Source').selectOption('all');
    await expect.poll(() => page.getByTestId('lead-row').count()).toBe(20);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/^leads-\d{4}-\d\d-\d\d\.csv$/);

    await e2e.screenshot(page, 'leads');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByTestId('lead-row').first().waitFor();
    await e2e.screenshot(page, 'leads-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('lead-row').first().waitFor();
    // Nothing may stick out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await e2e.screenshot(page, 'leads-phone');
  });

  it('/sales-leads redirects to /leads', async () => {
    const page = await e2e.newPage();
    await registerFresh(page);
    await page.goto('/sales-leads');
    await page.waitForURL((url) => url.pathname === '/leads');
    await page.getByRole('heading', { name: 'Sales Leads' }).waitFor();
    await page.getByText('No leads yet').waitFor();
  });
});
