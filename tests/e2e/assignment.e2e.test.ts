import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedInvitationToken } from '../support/team';
import { startE2E, type E2E } from './harness';

// Inbox assignment in two browsers: the owner assigns a conversation from the thread
// and the agent's open inbox, on Mine, shows it without a reload (/ws); then the owner takes the rest
// in bulk and Unassigned empties; a note mentions the agent; the agent sees the owner typing in
// the same thread. One server for the file.
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

async function shoot(page: Page, name: string, widths: number[] = [1280, 390]) {
  const size = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(300);
      await e2e.screenshot(page, `${name}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

/**
 * Wide, then at 390 px with the contact drawer closed (it opens by default on wide screens and would
 * cover the thread); `list`: back to the list at 390.
 */
async function shootThread(page: Page, name: string, list = false) {
  const size = page.viewportSize();
  await shoot(page, name, [1440]);
  await page.getByRole('button', { name: 'Contact', pressed: true }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  if (list) await page.getByRole('button', { name: 'Back to conversations' }).click();
  await shoot(page, name, [390]);
  if (size) await page.setViewportSize(size);
}

const rows = (page: Page) => page.getByRole('list', { name: 'Conversations' }).getByRole('listitem');

describe('assignment between two members', () => {
  it('assign from the thread → live in the teammate’s Mine; bulk → Unassigned empties', async () => {
    const owner = await e2e.newPage();
    const stamp = Date.now();
    const register = (page: Page, firstName: string, email: string) =>
      page.request.post('/api/auth/register', { data: { firstName, lastName: 'Test', email, password: 'secret12' } });
    expect((await register(owner, 'Olivia', `olivia-${stamp}@example.com`)).status()).toBe(201);
    const sim = (await (await owner.request.get('/api/simulator')).json()) as { accounts: { id: string; platform: string }[] };
    const messenger = sim.accounts.find((a) => a.platform === 'facebook')!;
    for (const contact of [
      { externalUserId: 'sim-maya', name: 'Maya Chen', username: 'maya.creates' },
      { externalUserId: 'sim-omar', name: 'Omar Diaz', username: 'omar.d' },
    ]) {
      const sent = await owner.request.post('/api/simulator/messages', { data: { accountId: messenger.id, contact, text: `Hi, this is ${contact.name}` } });
      expect(sent.status()).toBe(202);
    }

    // An agent joins through an invitation (its own browser; the team e2e test walks the pages).
    const agentEmail = `ada-${stamp}@example.com`;
    expect((await owner.request.post('/api/team/invitations', { data: { email: agentEmail, role: 'agent' } })).status()).toBe(201);
    const agent = await e2e.newPage();
    expect((await register(agent, 'Ada', agentEmail)).status()).toBe(201);
    const token = await mailedInvitationToken(e2e.app.app.database.pool, agentEmail);
    expect((await agent.request.post('/api/team/invitations/accept', { data: { token } })).status()).toBe(200);

    // The agent opens the inbox from the sidebar and looks at Mine: nothing yet.
    await agent.goto('/dashboard');
    await agent.getByRole('link', { name: 'Inbox', exact: true }).first().click();
    await agent.getByRole('group', { name: 'Inbox views' }).getByRole('button', { name: 'Mine' }).click();
    await agent.getByText('Nothing is assigned to you', { exact: false }).waitFor();

    // The owner opens Maya's conversation and gives it to Ada from the thread.
    await owner.goto('/inbox');
    await rows(owner).filter({ hasText: 'Maya Chen' }).getByRole('button').click();
    await owner.getByLabel('Assignee').selectOption({ label: 'Ada Test' });
    await rows(owner).filter({ hasText: 'Maya Chen' }).getByText('Ada Test').waitFor();

    // Ada's open inbox shows it on Mine, live.
    await rows(agent).filter({ hasText: 'Maya Chen' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => rows(agent).count()).toBe(1);
    await shoot(agent, 'inbox-mine');

    // The owner takes the rest in bulk; Unassigned empties.
    await owner.getByRole('button', { name: 'Select', exact: true }).click();
    await owner.getByLabel('Select Omar Diaz').check();
    await owner.getByLabel('Assign to').selectOption({ label: 'Me (Olivia Test)' });
    await shoot(owner, 'inbox-bulk-assign', [1280]);
    await owner.getByRole('button', { name: 'Assign', exact: true }).click();
    await owner.getByText('1 conversation reassigned').waitFor();
    await rows(owner).filter({ hasText: 'Omar Diaz' }).getByText('You').waitFor();
    await shoot(owner, 'inbox-all-assigned');
    await owner.getByRole('group', { name: 'Inbox views' }).getByRole('button', { name: 'Unassigned' }).click();
    await owner.getByText('Every conversation has someone handling it.').waitFor();

    // A note in Maya's thread for Ada: shown as a note, never sent; Ada's bell has it.
    await owner.getByRole('group', { name: 'Inbox views' }).getByRole('button', { name: 'All' }).click();
    await rows(owner).filter({ hasText: 'Maya Chen' }).getByRole('button').click();
    await owner.getByRole('button', { name: 'Internal note' }).click();
    await owner.getByLabel('Internal note').fill('@ada she ordered on Monday, please check the tracking');
    await owner.getByRole('button', { name: 'Add note' }).click();
    await owner.getByText('Note added, 1 teammate notified').waitFor();
    await owner.getByText('Internal note · You').waitFor();
    await shoot(owner, 'inbox-note', [1280, 390]);
    await agent.reload();
    await agent.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    await agent.getByText('Olivia Test mentioned you in a note').waitFor();

    // Both in Maya's thread: while Olivia types a reply, Ada sees who is replying; cleared, it goes.
    await agent.keyboard.press('Escape');
    await rows(agent).filter({ hasText: 'Maya Chen' }).getByRole('button').click();
    await owner.getByRole('group', { name: 'Composer' }).getByRole('button', { name: 'Reply' }).click();
    // Typing on while the agent's screenshots are taken (a notice every 2.5 s keeps the line up).
    const typing = owner
      .locator('#message-composer')
      .pressSequentially('Checking the tracking now, one moment please, it should be there soon', { delay: 150, timeout: 30_000 });
    await agent.getByTestId('typing-line').getByText('Olivia Test is replying…').waitFor({ timeout: 10_000 });
    await shootThread(agent, 'inbox-typing');
    await typing;
    await owner.locator('#message-composer').fill('');
    await expect.poll(() => agent.getByTestId('typing-line').textContent(), { timeout: 5_000 }).toBe('');

    // Round-robin: the owner turns it on in Settings; the agent's inbox then offers availability.
    await owner.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await owner.getByLabel('Assign new conversations automatically').selectOption('round_robin');
    await owner.locator('#auto-assign').getByText('Saved').waitFor();
    await owner.locator('#auto-assign').scrollIntoViewIfNeeded();
    await shoot(owner, 'settings-auto-assign', [1440, 390]);
    await agent.reload();
    await agent.getByRole('switch', { name: 'Available for new conversations' }).click();
    await expect.poll(() => agent.getByRole('switch', { name: 'Available for new conversations' }).getAttribute('aria-checked')).toBe('true');
    await shootThread(agent, 'inbox-available', true);
  });
});
