import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// A newcomer reaches Sequences from the sidebar, writes a two-step sequence, a contact is enrolled
// (by the API, as an integration would), and the page shows the first step sent, the second due,
// and the drop-off per step.

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

it('creates a sequence from the sidebar page and shows an enrolment’s steps and the drop-off', async () => {
  const page = await e2e.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = `seq-${Date.now()}@example.com`;
  const reg = await page.request.post('/api/auth/register', { data: { firstName: 'Sam', lastName: 'Seq', email, password: 'secret12' } });
  expect(reg.status()).toBe(201);
  const workspaceId = (await reg.json()).user.workspaceId as string;
  const sim = await (await page.request.get('/api/simulator')).json();
  const ig = sim.accounts.find((a: { platform: string }) => a.platform === 'instagram');
  const contact = { externalUserId: 'sim-sam', name: 'Sam Fan', username: 'sam.fan' };
  expect((await page.request.post('/api/simulator/messages', { data: { accountId: ig.id, contact, text: 'hello there' } })).status()).toBe(202);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Sequences' }).first().click();
  await page.getByRole('heading', { name: 'Sequences', exact: true }).waitFor();
  await page.getByRole('button', { name: 'New sequence' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Welcome course');
  await page.getByLabel('Message').first().fill('Welcome to the course!');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByLabel('Message').nth(1).fill('Day 2: the second lesson');
  await page.screenshot({ path: process.env.SEQ_SHOT_EDITOR ?? '/tmp/sequences-editor.png', fullPage: true });
  await page.getByRole('button', { name: 'Create sequence' }).click();
  await page.getByRole('heading', { name: 'Welcome course' }).waitFor();
  await page.getByText('after 1 day').waitFor();

  await expect
    .poll(async () => (await db.query('select id from contacts where workspace_id = $1 and external_user_id = $2', [workspaceId, 'sim-sam'])).rowCount)
    .toBe(1);
  const contactId = (await db.query('select id from contacts where workspace_id = $1 and external_user_id = $2', [workspaceId, 'sim-sam'])).rows[0].id;
  const sequenceId = (await (await page.request.get('/api/sequences')).json()).sequences[0].id;
  expect((await page.request.post(`/api/sequences/${sequenceId}/enrollments`, { data: { contactId } })).status()).toBe(201);

  await page.getByText('Sam Fan').waitFor({ timeout: 15_000 });
  await page.getByText(/^1\. Sent/).waitFor({ timeout: 15_000 });
  await page.getByText(/^2\. Due /).waitFor();
  await page.getByText('1 enrolment in all.').waitFor();
  await page.screenshot({ path: process.env.SEQ_SHOT ?? '/tmp/sequences-1440.png', fullPage: true });
  // The same figures on Analytics → Automation.
  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await page.getByRole('tab', { name: 'Automation' }).click();
  await page.getByText('Sequences: enrolments and drop-off per step (all time)').waitFor();
  await page.getByText('Step 1: 1 sent, 0 skipped, 0 ended before').waitFor();
  await page.getByText('1 enrolled').waitFor();
  // The inbox's contact panel: the contact's sequence, and taking them out.
  const conversationId = (await (await page.request.get('/api/conversations')).json()).conversations[0].id;
  await page.goto(`/inbox?c=${conversationId}`);
  const panel = page.getByRole('complementary', { name: 'Contact details' });
  const section = panel.getByRole('region', { name: 'Sequences' });
  await section.getByText('Welcome course').waitFor();
  await page.screenshot({ path: process.env.SEQ_SHOT_PANEL ?? '/tmp/sequences-panel.png' });
  await section.getByRole('button', { name: 'Take out' }).click();
  await section.getByText(/Unenrolled/).waitFor();
  await page.goto('/sequences');
  await page.getByRole('button', { name: /Welcome course/ }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: process.env.SEQ_SHOT_PHONE ?? '/tmp/sequences-390.png', fullPage: true });
});
