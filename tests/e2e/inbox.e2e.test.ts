import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunList } from '../../contracts/flows';
import type { ContactPanel, ConversationsPage, MessagesPage } from '../../contracts/inbox';
import type { SimulatorState } from '../../contracts/simulator';
import { edge, keywordTrigger, node } from '../support/flows';
import { startE2E, type E2E } from './harness';

// The inbox as an operator uses it: the contact panel (lead status, a flow run cancelled), a saved
// reply inserted with `/` and sent, j/k and Alt+arrows between conversations, unread rows, and the
// retired /conversations path. Screenshots at desktop, dark and 390 px. Real server, real Chromium.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: { TIMER_PUMP_INTERVAL_MS: '50' } });
});
afterAll(async () => {
  await e2e?.stop();
});

async function registerFresh(page: Page) {
  const email = `inbox-e2e-${Date.now()}@example.com`;
  const res = await page.request.post('/api/auth/register', { data: { firstName: 'Ines', lastName: 'Inbox', email, password: 'secret12' } });
  expect(res.status()).toBe(201);
}

const json = async <T>(page: Page, url: string): Promise<T> => (await (await page.request.get(url)).json()) as T;
const conversations = (page: Page) => json<ConversationsPage>(page, '/api/conversations').then((p) => p.conversations);

/** Lia commented (a rule answered: she is a lead) and DMed "later" (a flow sleeps on her); then Bo DMed. */
async function seed(page: Page) {
  const sim = await json<SimulatorState>(page, '/api/simulator');
  const ig = sim.accounts.find((a) => a.platform === 'instagram')!;
  const post = sim.posts.find((p) => p.accountId === ig.id)!;
  const rule = await page.request.post('/api/comment-rules', { data: { platform: 'instagram', keywords: ['catalogue'], responseTemplate: 'Here it is' } });
  expect(rule.status()).toBe(201);
  const graph = {
    nodes: [keywordTrigger(['later']), node('2', 'delay', { amount: 1, unit: 'hours' }), node('3', 'instagramDM', { text: 'An hour later' })],
    edges: [edge('1', '2'), edge('2', '3')],
  };
  const flow = await page.request.post('/api/flows', { data: { name: 'Follow-up in an hour', platform: 'multi', flowData: graph, isActive: true } });
  expect(flow.status()).toBe(201);
  const lia = { externalUserId: 'sim-lia', name: 'Lia Lead', username: 'lia.lead' };
  const bo = { externalUserId: 'sim-bo', name: 'Bo Buyer', username: 'bo.buyer' };
  await page.request.post('/api/simulator/comments', { data: { accountId: ig.id, postId: post.externalId, contact: lia, text: 'Catalogue please!' } });
  await page.request.post('/api/simulator/messages', { data: { accountId: ig.id, contact: lia, text: 'Talk later?' } });
  await expect.poll(async () => (await json<RunList>(page, '/api/runs')).runs[0]?.status, { timeout: 10_000 }).toBe('sleeping');
  await page.request.post('/api/simulator/messages', { data: { accountId: ig.id, contact: bo, text: 'Is this in stock?' } });
  await expect.poll(async () => (await conversations(page)).map((c) => c.customerName), { timeout: 10_000 }).toEqual(['Bo Buyer', 'Lia Lead']);
}

describe('/inbox', () => {
  it('contact panel, lead status, run cancel, a saved reply with /, keyboard navigation; desktop, dark and phone', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await registerFresh(page);
    await seed(page);
    const [bo, lia] = await conversations(page);
    expect(lia!.unreadCount).toBeGreaterThan(0);

    // One route per page: the former Conversation Manager path opens the inbox.
    await page.goto('/conversations');
    await page.waitForURL(/\/inbox$/);
    await page.getByRole('heading', { name: 'Unified Inbox' }).waitFor();
    // Unread rows are bold and counted.
    const liaRow = page.locator(`[data-conversation-id="${lia!.id}"]`);
    expect(await liaRow.getByLabel(/unread/).textContent()).toBe(String(lia!.unreadCount));
    expect(await liaRow.getByText('Lia Lead').evaluate((el) => getComputedStyle(el).fontWeight)).toBe('600');

    // A saved reply, made in the manager.
    await page.getByRole('button', { name: 'Saved replies' }).click();
    await page.getByText('No saved replies yet.').waitFor();
    await page.getByRole('button', { name: 'New saved reply' }).click();
    await page.getByLabel('Name').fill('thanks');
    await page.getByLabel('Reply text').fill('Thanks for writing! The catalogue is at example.com/catalogue');
    await page.getByRole('button', { name: 'Add reply' }).click();
    await page.getByText('Saved reply added').waitFor();
    await page.getByRole('list', { name: 'Saved replies list' }).getByText('/thanks').waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    // Open Lia: marked read, the contact panel beside the thread.
    await liaRow.click();
    await page.waitForURL(new RegExp(`c=${lia!.id}`));
    const panel = page.getByRole('complementary', { name: 'Contact details' });
    await panel.getByText('@lia.lead').waitFor();
    await expect.poll(async () => (await conversations(page)).find((c) => c.id === lia!.id)!.unreadCount).toBe(0);
    await expect.poll(() => liaRow.getByLabel(/unread/).count()).toBe(0);
    // Nobody handles it yet (assignment: tests/e2e/assignment.e2e.test.ts).
    expect(await page.getByLabel('Assignee').inputValue()).toBe('');

    // Lead status through the leads API.
    await panel.getByLabel('Lead status').selectOption('qualified');
    await page.getByText('Lead status updated').waitFor();
    const afterStatus = await json<ContactPanel>(page, `/api/conversations/${lia!.id}/contact`);
    expect(afterStatus.lead!.status).toBe('qualified');

    // The sleeping run, cancelled for good.
    await panel.getByText('Follow-up in an hour').waitFor();
    await panel.getByRole('button', { name: 'Cancel run of Follow-up in an hour' }).click();
    await page.getByText('Run cancelled').waitFor();
    await panel.getByText('Cancelled').waitFor();
    expect((await json<RunList>(page, '/api/runs')).runs[0]!.status).toBe('cancelled');
    await e2e.screenshot(page, 'inbox-desktop');

    // `/` opens the saved replies; typing filters; Esc closes; arrows + Enter insert; Enter sends.
    const box = page.getByLabel('Message', { exact: true });
    await box.click();
    await box.pressSequentially('/');
    const picker = page.getByRole('listbox', { name: 'Saved replies' });
    await picker.waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await box.pressSequentially('th');
    await picker.getByRole('option', { name: /thanks/ }).waitFor();
    await e2e.screenshot(page, 'inbox-saved-reply-picker');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('Thanks for writing! The catalogue is at example.com/catalogue');
    await page.keyboard.press('Enter');
    await page.getByText('Message sent successfully').waitFor();
    expect(await box.inputValue()).toBe('');
    const thread = await json<MessagesPage>(page, `/api/conversations/${lia!.id}/messages`);
    expect(thread.messages.at(-1)).toMatchObject({ content: 'Thanks for writing! The catalogue is at example.com/catalogue', source: 'inbox' });

    // Keyboard between conversations: the reply box keeps j/k as text, outside it they navigate.
    await page.getByRole('heading', { name: 'Unified Inbox' }).click();
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await page.getByText('Next conversation').waitFor();
    await page.keyboard.press('Escape');
    // Lia's reply moved her to the top: the list is now Lia, Bo.
    await expect.poll(async () => (await conversations(page)).map((c) => c.id)).toEqual([lia!.id, bo!.id]);
    await expect.poll(() => page.locator('[data-conversation-id]').first().getAttribute('data-conversation-id')).toBe(lia!.id);
    await page.keyboard.press('j');
    await page.waitForURL(new RegExp(`c=${bo!.id}`));
    await panel.getByText('@bo.buyer').waitFor();
    await page.keyboard.press('k');
    await page.waitForURL(new RegExp(`c=${lia!.id}`));
    await page.keyboard.press('Alt+ArrowDown');
    await page.waitForURL(new RegExp(`c=${bo!.id}`));
    await panel.getByText('@bo.buyer').waitFor();
    await box.click();
    await page.keyboard.press('Alt+ArrowUp');
    await page.waitForURL(new RegExp(`c=${lia!.id}`));
    // The reply box is keyed by the conversation: type once Lia's render is done (the URL changes
    // first), or a remount after the keys would start an empty box.
    await panel.getByText('@lia.lead').waitFor();
    await box.pressSequentially('jk');
    expect(await box.inputValue()).toBe('jk');
    expect(page.url()).toContain(`c=${lia!.id}`);
    await box.fill('');

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await panel.getByText('@lia.lead').waitFor();
    await e2e.screenshot(page, 'inbox-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // A phone: one pane at a time, the contact panel a drawer from the header's Contact button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Lia Lead' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await e2e.screenshot(page, 'inbox-phone-thread');
    await page.getByRole('button', { name: 'Contact' }).click();
    await panel.getByText('@lia.lead').waitFor();
    await e2e.screenshot(page, 'inbox-phone-contact');
    await panel.getByRole('button', { name: 'Close contact panel' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await page.locator(`[data-conversation-id="${bo!.id}"]`).waitFor();
    await e2e.screenshot(page, 'inbox-phone-list');
  });
});
