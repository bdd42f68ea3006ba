import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// Contact import as a newcomer reaches it: Dashboard → Sales Leads in the sidebar → Import contacts;
// a CSV picked, its columns mapped on the preview, tags, the progress to the end, the rejected rows
// downloaded; the imported people in the list. Screenshots of the mapping and the finished import.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

it('imports a CSV from the Leads page: preview, mapping, tags, progress, rejected rows', async () => {
  const page = await e2e.newPage();
  const email = `import-e2e-${Date.now()}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { firstName: 'Ida', lastName: 'Import', email, password: 'secret12' } })).status()).toBe(201);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Sales Leads' }).first().click();
  await page.waitForURL(/\/leads$/);
  await page.getByRole('button', { name: 'Import contacts' }).click();
  await page.getByText('Importing never messages anyone').waitFor();

  const csv = [
    'Name,Email address,Instagram,Company',
    'Ana Souza,ana@example.com,@ana.souza,Souza Studio',
    'Ben Okafor,ben@example.com,,Okafor & Co',
    'Chen Wei,not-an-email,@chen.wei,',
    'Dana Levi,dana@example.com,@dana.levi,Levi Bakery',
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByText('4 rows in customers.csv').waitFor();
  // Guessed from the headers: Name, Email, Instagram; Company is picked as a custom field.
  expect(await page.getByLabel('Import "Email address" as').inputValue()).toBe('email');
  expect(await page.getByLabel('Import "Instagram" as').inputValue()).toBe('instagram');
  await page.getByLabel('Import "Company" as').selectOption('custom');
  await page.getByLabel('Tags for every imported contact').fill('imported, spring-list');
  await e2e.screenshot(page, 'contact-import-mapping');

  await page.getByRole('button', { name: 'Import 4 rows' }).click();
  await page.getByText('Import finished').waitFor({ timeout: 30_000 });
  expect(await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('100');
  await e2e.screenshot(page, 'contact-import-done');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download rejected rows \(1\)/ }).click()]);
  const rejected = await readFile((await download.path())!, 'utf8');
  // The handle keeps its formula guard (a leading apostrophe), which a re-import reads back as the handle.
  expect(rejected).toContain("4,Line 4: email: Not a valid email address,Chen Wei,not-an-email,'@chen.wei,");

  await page.getByRole('button', { name: 'Done' }).click();
  const rows = page.getByTestId('lead-row');
  await expect.poll(() => rows.count()).toBe(3);
  expect(await rows.filter({ hasText: 'Ana Souza' }).textContent()).toContain('Import');
});
