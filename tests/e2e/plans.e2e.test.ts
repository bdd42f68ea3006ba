import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { plans } from '../../contracts/plans';
import { startE2E, type E2E } from './harness';

// The plan catalogue (contracts/plans.ts, ADR 0041) as a newcomer meets it: the pricing page from
// the landing page's menu, then Billing from Settings, and the trial banner when a trial nears its end.

let e2e: E2E;
let db: pg.Pool;
beforeAll(async () => {
  e2e = await startE2E();
  db = new pg.Pool({ connectionString: e2e.app.db.url, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await e2e?.stop();
});

it('pricing, Billing and the shell show the catalogue’s plans, and no trial unless one runs', async () => {
  const page = await e2e.newPage();
  await page.goto('/');
  await page.locator('header').first().getByRole('button', { name: 'Product' }).click();
  // The open menu's item, named with its description (the footer repeats the plain label).
  await page.getByRole('link', { name: /Pricing Plans and what each includes/ }).click();
  await page.waitForURL('**/pricing');
  for (const plan of Object.values(plans)) await page.getByRole('heading', { name: plan.name, exact: true }).waitFor();
  await page.getByText('5,000 automated messages / month').waitFor();
  expect(await page.getByText(/days free/).count()).toBe(0); // TRIAL_DAYS is not set here
  await e2e.screenshot(page, 'plans-pricing');

  const email = `plans-${Date.now()}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { firstName: 'Pia', lastName: 'Plans', email, password: 'secret12' } })).status()).toBe(201);
  await page.goto('/settings');
  await page
    .getByRole('link', { name: /billing/i })
    .first()
    .click();
  await page.waitForURL('**/account/billing');
  await page.getByText('The plan every new workspace starts on.').waitFor();
  await page.getByText('Paid plans are set by the person who runs this Replypilot server: ask your operator.').waitFor();
  await page.getByText(`0 / ${plans.free.automatedMessages}`).waitFor();
  expect(await page.getByText(/trial/i).count()).toBe(0);
  await e2e.screenshot(page, 'plans-billing');

  // A trial three days from its end (as TRIAL_DAYS would have started it): the banner says so.
  await db.query(
    `update workspaces set plan = 'pro', plan_source = 'trial', trial_ends_at = now() + interval '3 days' - interval '1 hour'
                  where id = (select workspace_id from users where email = $1)`,
    [email],
  );
  await page.goto('/dashboard');
  await page.getByText(/Your trial ends in 3 days/).waitFor();
  await e2e.screenshot(page, 'plans-trial-banner');
  await db.query(`update workspaces set trial_ends_at = now() + interval '2 hours' where id = (select workspace_id from users where email = $1)`, [email]);
  await page.reload();
  await page.getByText(/Your trial ends today/).waitFor();
});
