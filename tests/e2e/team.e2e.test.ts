import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedInvitationToken } from '../support/team';
import { startE2E, type E2E } from './harness';

// Teams in two browsers (docs/product-spec.md "Teams"): the owner invites a teammate from Settings
// → Team, the invitee opens the mailed link in their own browser, creates an
// account and joins; the owner makes them a viewer (their open inbox loses the reply box, the
// server refuses their writes), then removes them (their open page stops). One server for the file.
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

/** 390 px wide, light and dark: the shots to look at after changing these pages. */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // Inputs and tabs fade their colours (transition-colors): shoot once they have.
    await page.waitForTimeout(400);
    await e2e.screenshot(page, `${name}-390-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

describe('a team of two', () => {
  it('invite → accept in a second browser → viewer → removed', async () => {
    const owner = await e2e.newPage();
    const ownerEmail = `olivia-${Date.now()}@example.com`;
    expect(
      (await owner.request.post('/api/auth/register', { data: { firstName: 'Olivia', lastName: 'Owner', email: ownerEmail, password: 'secret12' } })).status(),
    ).toBe(201);
    // A conversation for the teammate to answer.
    const sim = (await (await owner.request.get('/api/simulator')).json()) as { accounts: { id: string; platform: string }[] };
    const messenger = sim.accounts.find((a) => a.platform === 'facebook')!;
    const contact = { externalUserId: 'sim-maya', name: 'Maya Chen', username: 'maya.creates' };
    expect((await owner.request.post('/api/simulator/messages', { data: { accountId: messenger.id, contact, text: 'Do you ship to Lisbon?' } })).status()).toBe(
      202,
    );

    // The owner reaches the Team page from the user menu and invites an editor.
    await owner.goto('/dashboard');
    await owner.getByRole('button', { name: /account menu/ }).click();
    await owner.getByRole('menuitem', { name: 'Team' }).click();
    await owner.waitForURL('**/settings/team');
    const inviteeEmail = `ed-${Date.now()}@example.com`;
    await owner.getByLabel('Email').fill(inviteeEmail);
    await owner.getByLabel('Role', { exact: true }).selectOption('editor');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText('Invitation sent').waitFor();
    await owner.getByTestId('team-invitation').filter({ hasText: inviteeEmail }).waitFor();
    await e2e.screenshot(owner, 'team-page-invited');

    // The invitee, in a browser of their own, opens the mailed link and joins. Signed out, the dev
    // outbox shows nobody's mail; the developer finds the link in the server's log, which the test
    // reads from the outbox table.
    const member = await e2e.newPage();
    await member.goto('/dev/outbox');
    await member.getByText('to see the mails sent to your address').waitFor();
    const token = await mailedInvitationToken(e2e.app.app.database.pool, inviteeEmail);
    await member.goto(`/invite?token=${token}`);
    await member.waitForURL('**/invite?token=*');
    await member.getByRole('heading', { name: "Join Olivia's workspace" }).waitFor();
    await member.getByText('Olivia Owner invited').waitFor();
    await shoot(member, 'team-accept');
    await member.getByLabel('First name').fill('Ed');
    await member.getByLabel('Last name').fill('Editor');
    await member.getByLabel('Password', { exact: true }).fill('ed-secret-42');
    await member.getByRole('button', { name: 'Create account and join' }).click();
    await member.waitForURL('**/dashboard');

    // Two workspaces in the switcher: their own and Olivia's, which they act in now.
    await member.getByRole('button', { name: /account menu/ }).click();
    await member.getByRole('menuitem', { name: /Olivia's workspace/ }).waitFor();
    await member.getByRole('menuitem', { name: /Ed's workspace/ }).waitFor();
    await shoot(member, 'team-switcher');
    await member.keyboard.press('Escape');

    // As an editor they answer the inbox.
    await member.goto('/inbox');
    await member.getByText('Maya Chen').first().click();
    const reply = member.getByRole('combobox', { name: 'Message', exact: true });
    await reply.waitFor();

    // The owner makes them a viewer: their open inbox drops the reply box (the socket closed with
    // 4002 and the page asked who they are now), and the server refuses their writes.
    await owner.reload();
    await owner.getByLabel('Role of Ed Editor').waitFor();
    await shoot(owner, 'team-page');
    await owner.getByLabel('Role of Ed Editor').selectOption('viewer');
    await member.getByText('Your role (viewer) cannot reply to or change conversations.').waitFor();
    expect(await reply.count()).toBe(0);
    const refused = await member.request.post('/api/flows', {
      data: { name: 'x', platform: 'instagram', isActive: false, flowData: { nodes: [], edges: [] } },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'Your role (viewer) cannot change flows', details: { permission: 'flows:write' } });
    await member.goto('/flows');
    await member.getByText('Your role (viewer) cannot change flows.').first().waitFor();
    expect(await member.getByRole('link', { name: 'New Flow' }).count()).toBe(0);

    // The owner removes them: the member's open inbox stops with a notice.
    await member.goto('/inbox');
    await member.getByText('Maya Chen').first().waitFor();
    await owner.getByRole('button', { name: 'Remove Ed Editor' }).click();
    await owner.getByRole('button', { name: 'Remove', exact: true }).click();
    await owner.getByText('Member removed').waitFor();
    await member.getByRole('heading', { name: 'You no longer have access to this workspace' }).waitFor();
    await member.getByRole('button', { name: 'Continue' }).click();
    await member.waitForURL('**/dashboard');
    const me = (await (await member.request.get('/api/auth/user')).json()) as { role: string; workspaceId: string };
    expect(me.role).toBe('owner');

    // The owner's Team page and audit log, as a newcomer finds them (Settings → tabs).
    await owner.goto('/settings');
    await owner.getByRole('link', { name: 'Team', exact: true }).click();
    await owner.getByTestId('team-member').first().waitFor();
    await owner.getByRole('link', { name: 'Audit log' }).click();
    await owner.waitForURL('**/settings/audit-log');
    await owner.getByTestId('audit-entry').filter({ hasText: 'removed a member' }).waitFor();
    const actions = await owner.getByTestId('audit-entry').allInnerTexts();
    expect(actions.map((t) => t.split('\n')[0])).toEqual([
      `Olivia Owner removed a member ${inviteeEmail} (as Viewer)`,
      `Olivia Owner changed a role ${inviteeEmail} (Editor → Viewer)`,
      `Ed Editor joined the workspace ${inviteeEmail} (as Editor)`,
      `Olivia Owner invited a member ${inviteeEmail} (as Editor)`,
    ]);
    await shoot(owner, 'team-audit-log');
  });
});
