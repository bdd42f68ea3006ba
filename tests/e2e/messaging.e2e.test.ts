import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentRule } from '../../contracts/comment-rules';
import type { ConversationsPage } from '../../contracts/inbox';
import type { OutboxItem, SimulatorState } from '../../contracts/simulator';
import { startE2E, type E2E } from './harness';

// Messaging E2E: simulator comment → private-reply DM in the simulator and live in /inbox; a reply
// from /inbox reaches the simulator; close and reopen a conversation. Real server, real Chromium.

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

/** Signs the page's own browser profile into one named demo account (development test login), so pages share a workspace. */
async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/test-login', { data: { email: 'e2e-demo@replypilot.app' } });
  expect(res.status()).toBe(200);
}

async function openInboxLive(page: Page) {
  await page.goto('/inbox');
  await page.getByRole('heading', { name: 'Unified Inbox' }).waitFor();
  // The socket is open: anything from now on must arrive without a reload.
  await page.getByText('Live updates on').waitFor();
  // A marker that a reload or navigation would wipe.
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}

async function stillSamePageLoad(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

/** Acts as a new, uniquely named contact in the simulator (so tests sharing the workspace don't collide). */
async function actAsNewContact(page: Page, name: string) {
  await page.getByLabel('Act as contact').selectOption({ label: '+ New contact…' });
  await page.getByLabel("New contact's name").fill(name);
}

async function outboxFor(page: Page, recipient: string): Promise<OutboxItem[]> {
  const res = await page.request.get('/api/simulator/outbox');
  expect(res.status()).toBe(200);
  return ((await res.json()) as OutboxItem[]).filter((o) => o.recipientExternalId === recipient);
}

describe('comment rule → simulator → inbox', () => {
  it('a keyword comment in the simulator gets exactly one private-reply DM, shown in the outbox and live in /inbox', async () => {
    const page = await e2e.newPage();
    await signIn(page);

    // Create the rule through the Comment Growth form.
    await page.goto('/comment-growth');
    const create = page.getByRole('button', { name: 'Create Rule' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Trigger keywords').fill('  catalogue  ');
    await page.getByLabel('Trigger keywords').press('Enter');
    await page.getByLabel('Trigger keywords').fill('CATALOGUE');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    // Trimmed, and the second spelling ignored as a duplicate.
    expect(await page.getByRole('list', { name: 'Keywords to add' }).getByRole('listitem').allInnerTexts()).toEqual(['catalogue']);
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Response template (private reply DM)').fill('Hi {first_name}! Our catalogue: example.com/catalogue');
    await page.getByLabel('Public reply (optional)').fill('Check your DMs, {username}!');
    expect(await create.isEnabled()).toBe(true);
    await create.click();
    await page.getByText('Comment automation rule created successfully').waitFor();
    const rules = (await (await page.request.get('/api/comment-rules')).json()) as CommentRule[];
    const rule = rules.find((r) => r.keywords.includes('catalogue'));
    expect(rule).toMatchObject({ platform: 'instagram', isActive: true, automationType: 'all_posts' });
    await page.locator(`[data-rule-id="${rule!.id}"]`).waitFor();

    // A second browser watches the inbox before anything is commented.
    const inbox = await e2e.newPage();
    await signIn(inbox);
    await openInboxLive(inbox);
    expect(await inbox.getByRole('button', { name: /Ada Keyword/ }).count()).toBe(0);

    // Comment as a new fake contact on the first sample post.
    await page.goto('/simulator');
    await page.getByRole('heading', { name: 'Simulator', level: 1 }).waitFor();
    await actAsNewContact(page, 'Ada Keyword');
    const box = page.getByLabel('Comment as @ada_keyword');
    await box.fill('Can I see the Catalogue please?');
    await box.press('Enter');

    // The simulator shows what the customer received: the private reply, and the public reply under the comment.
    const panel = page.getByRole('region', { name: 'What your customer sees' });
    const dm = panel.getByRole('listitem').filter({ hasText: 'Hi Ada! Our catalogue: example.com/catalogue' });
    await dm.waitFor({ timeout: 15_000 });
    expect(await dm.getByText('Private reply (DM)').count()).toBe(1);
    expect(await dm.getByText('to Ada Keyword (@ada_keyword)').count()).toBe(1);
    await page.getByText('Check your DMs, @ada_keyword!').first().waitFor();
    await page.getByText('Private reply sent to @ada_keyword', { exact: false }).waitFor();
    await e2e.screenshot(page, 'messaging-simulator-private-reply');

    // …and /inbox got the conversation without a reload.
    const row = inbox.getByRole('button', { name: /Ada Keyword/ });
    await row.waitFor({ timeout: 15_000 });
    expect(await stillSamePageLoad(inbox)).toBe(true);
    await row.click();
    await inbox.getByRole('heading', { name: 'Ada Keyword', level: 2 }).waitFor();
    const thread = inbox.getByRole('list', { name: 'Messages' });
    await thread.getByText('Hi Ada! Our catalogue: example.com/catalogue').waitFor();
    expect(await thread.locator('[data-direction="outbound"]').count()).toBeGreaterThanOrEqual(1);
    // The comment that started it sits above the DM, marked as a public comment.
    const comment = thread.getByRole('listitem').filter({ hasText: 'Can I see the Catalogue please?' });
    expect(await comment.getByText('Public comment').count()).toBe(1);
    expect(await comment.getAttribute('data-direction')).toBe('inbound');
    expect(new URL(inbox.url()).searchParams.get('c')).toMatch(/[0-9a-f-]{36}/);
    await e2e.screenshot(inbox, 'messaging-inbox-live-conversation');

    // Exactly one private reply for the comment, and a non-matching comment gets none.
    await page.getByLabel('Comment as @ada_keyword').fill('Love this!');
    await page.getByLabel('Comment as @ada_keyword').press('Enter');
    await page.getByText('@ada_keyword Love this!').waitFor();
    await page.waitForTimeout(1500);
    const delivered = await outboxFor(page, 'sim-ada-keyword');
    expect(delivered.filter((o) => o.kind === 'private_reply')).toHaveLength(1);
    expect(delivered.filter((o) => o.kind === 'public_reply')).toHaveLength(1);
    const stats = ((await (await page.request.get('/api/comment-rules')).json()) as CommentRule[]).find((r) => r.id === rule!.id);
    expect(stats?.stats.sent).toBeGreaterThanOrEqual(1);
  });

  it('a reply typed in /inbox (Enter sends) is delivered to the simulator’s outbox', async () => {
    const sim = await e2e.newPage();
    await signIn(sim);
    await sim.goto('/simulator');
    await sim.getByRole('heading', { name: 'Simulator', level: 1 }).waitFor();
    await actAsNewContact(sim, 'Ben Reply');
    const dmBox = sim.getByLabel('DM @your.brand as @ben_reply');
    await dmBox.fill('Hi, do you ship to Canada?');
    await sim.getByRole('button', { name: 'Send DM' }).click();
    await sim.getByText('DM sent to @your.brand').waitFor();

    const inbox = await e2e.newPage();
    await signIn(inbox);
    await openInboxLive(inbox);
    await inbox.getByPlaceholder('Search conversations...').fill('Ben Reply');
    const row = inbox.getByRole('button', { name: /Ben Reply/ });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    const thread = inbox.getByRole('list', { name: 'Messages' });
    await thread.getByText('Hi, do you ship to Canada?').waitFor();
    expect(await thread.locator('[data-direction="inbound"]').count()).toBe(1);

    const composer = inbox.getByLabel('Message', { exact: true });
    const send = inbox.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);
    await composer.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    // Shift+Enter is a newline, not a send.
    await composer.fill('Yes we do!');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('Shipping is free over $50.');
    expect(await composer.inputValue()).toBe('Yes we do!\nShipping is free over $50.');
    await composer.press('Enter');
    await inbox.getByText('Message sent successfully').waitFor();
    expect(await composer.inputValue()).toBe('');
    await thread.locator('[data-direction="outbound"]').filter({ hasText: 'Shipping is free over $50.' }).waitFor();
    // The search box finds a word of any message, not just the last: the row shows the message it matched.
    await inbox.getByPlaceholder('Search conversations...').fill('canada');
    const found = inbox.getByRole('button', { name: /Ben Reply.*Matching message: Hi, do you ship to Canada\?/ });
    await found.waitFor({ timeout: 15_000 });
    expect(await found.locator('mark').allTextContents()).toEqual(['Canada']);

    // The simulator, open all along, shows the DM arriving live.
    const panel = sim.getByRole('region', { name: 'What your customer sees' });
    const item = panel.getByRole('listitem').filter({ hasText: 'Shipping is free over $50.' });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.getByText('Direct message').count()).toBe(1);
    expect(await item.getByText('to Ben Reply (@ben_reply)').count()).toBe(1);
    const delivered = await outboxFor(sim, 'sim-ben-reply');
    expect(delivered.map((o) => [o.kind, o.text])).toEqual([['dm', 'Yes we do!\nShipping is free over $50.']]);
    // The queued clock goes away once the send is confirmed.
    await thread.getByRole('img', { name: 'Sent' }).last().waitFor();
    await e2e.screenshot(sim, 'messaging-simulator-inbox-reply');
  });

  it('closing and reopening a conversation changes its badge and button, and survives a reload', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const state = (await (await page.request.get('/api/simulator')).json()) as SimulatorState;
    const instagram = state.accounts.find((a) => a.platform === 'instagram')!;
    const contact = { externalUserId: 'sim-cleo-close', name: 'Cleo Close', username: 'cleo_close' };
    const sent = await page.request.post('/api/simulator/messages', {
      data: { accountId: instagram.id, contact, text: 'Can I change my order?' },
    });
    expect(sent.status()).toBe(202);
    let conversationId: string | undefined;
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/conversations?search=Cleo%20Close');
          const body = (await res.json()) as ConversationsPage;
          conversationId = body.conversations[0]?.id;
          return conversationId;
        },
        { timeout: 15_000 },
      )
      .toBeTruthy();

    await page.goto(`/inbox?c=${conversationId}`);
    const header = page.getByRole('region', { name: 'Conversation', exact: true });
    await header.getByRole('heading', { name: 'Cleo Close' }).waitFor();
    const row = page.getByRole('button', { name: /Cleo Close/ });
    await row.getByText('open', { exact: true }).waitFor();
    // Opening it marked it read.
    await expect.poll(async () => await row.getByLabel(/unread/).count(), { timeout: 5000 }).toBe(0);

    await header.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Conversation updated').waitFor();
    await header.getByRole('button', { name: 'Reopen' }).waitFor();
    await header.getByText('closed', { exact: true }).waitFor();
    await row.getByText('closed', { exact: true }).waitFor();

    await page.reload();
    await header.getByRole('heading', { name: 'Cleo Close' }).waitFor();
    await header.getByRole('button', { name: 'Reopen' }).waitFor();
    await header.getByText('closed', { exact: true }).waitFor();
    const afterClose = (await (await page.request.get(`/api/conversations/${conversationId}`)).json()) as { status: string };
    expect(afterClose.status).toBe('closed');

    // The status filter agrees.
    await page.getByLabel('Status').selectOption('open');
    await expect.poll(async () => page.getByRole('button', { name: /Cleo Close/ }).count()).toBe(0);
    await page.getByLabel('Status').selectOption('all');

    await header.getByRole('button', { name: 'Reopen' }).click();
    await header.getByRole('button', { name: 'Close' }).waitFor();
    await header.getByText('open', { exact: true }).waitFor();
    await page.reload();
    await header.getByRole('button', { name: 'Close' }).waitFor();
    const afterReopen = (await (await page.request.get(`/api/conversations/${conversationId}`)).json()) as { status: string };
    expect(afterReopen.status).toBe('open');
    await e2e.screenshot(page, 'messaging-inbox-reopened');
  });
});

describe('comment rule validation (docs/product-spec.md §5)', () => {
  it('Ctrl+Enter on an incomplete form shows the validation toast and sends nothing', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    let posted = false;
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/comment-rules')) posted = true;
    });
    await page.goto('/comment-growth');
    const template = page.getByLabel('Response template (private reply DM)');
    await template.fill('Hello {first_name}');
    await template.press('Control+Enter');
    await page.getByText('Validation Error').waitFor();
    await page.getByText('Please add keywords and response template').waitFor();
    expect(posted).toBe(false);
    expect(await page.getByRole('button', { name: 'Create Rule' }).isDisabled()).toBe(true);

    // Keywords are removable chips.
    await page.getByLabel('Trigger keywords').fill('info, link');
    await page.getByLabel('Trigger keywords').press('Enter');
    await page.getByRole('button', { name: 'Remove keyword info' }).click();
    expect(await page.getByRole('list', { name: 'Keywords to add' }).getByRole('listitem').allInnerTexts()).toEqual(['link']);
    // A specific post needs its URL before Create is enabled.
    await page.getByRole('radio', { name: /Specific post/ }).click();
    expect(await page.getByRole('button', { name: 'Create Rule' }).isDisabled()).toBe(true);
    await page.getByLabel('Post URL').fill('https://www.instagram.com/p/instagram-post-launch');
    expect(await page.getByRole('button', { name: 'Create Rule' }).isEnabled()).toBe(true);
  });
});

describe('opt-out in the simulator and the inbox (docs/platform-apis.md §2.11)', () => {
  it('STOP in the simulator: one confirmation, the contact marked opted out (simulator, inbox panel), a keyword comment gets nothing and the forecast says why', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const rule = await page.request.post('/api/comment-rules', {
      data: { platform: 'instagram', keywords: ['optguide'], responseTemplate: 'Here is the opt guide' },
    });
    expect(rule.status(), await rule.text()).toBe(201);

    await page.goto('/simulator');
    await page.getByRole('heading', { name: 'Simulator', level: 1 }).waitFor();
    await actAsNewContact(page, 'Otto Out');
    // The DM box (step 4), then the confirmation in what the customer sees.
    const dmBox = page.getByLabel(/^DM @.+ as @otto_out$/);
    await dmBox.fill('STOP');
    await dmBox.press('Enter');
    await page.getByText('is an opt-out word: @otto_out is marked opted out', { exact: false }).first().waitFor();
    const panel = page.getByRole('region', { name: 'What your customer sees' });
    await panel.getByRole('listitem').filter({ hasText: "You're unsubscribed" }).waitFor({ timeout: 15_000 });
    await page.getByTestId('sim-opted-out').waitFor({ timeout: 15_000 });

    // A keyword comment now: the forecast says why nothing answers, and nothing does.
    const box = page.getByLabel('Comment as @otto_out');
    await box.fill('optguide please');
    await box.press('Enter');
    const nothing = page.getByTestId('sim-nothing-matched').filter({ hasText: '@otto_out opted out: nothing automated is sent until they reply START' });
    await nothing.waitFor();
    await e2e.screenshot(page, 'messaging-simulator-opted-out');
    await page.waitForTimeout(1500);
    const delivered = await outboxFor(page, 'sim-otto-out');
    expect(delivered.map((o) => o.kind)).toEqual(['dm']);

    // The inbox shows it: the thread's badge and note, and the contact panel.
    const conversations = (await (await page.request.get('/api/conversations?search=Otto%20Out')).json()) as ConversationsPage;
    expect(conversations.conversations[0]?.contactOptedOut).toBe(true);
    await page.goto(`/inbox?c=${conversations.conversations[0]!.id}`);
    const header = page.getByRole('region', { name: 'Conversation', exact: true });
    await header.getByRole('heading', { name: 'Otto Out' }).waitFor();
    await header.getByText('Opted out', { exact: true }).first().waitFor();
    // On a wide screen the contact panel is open beside the thread.
    const optOut = page.getByRole('complementary', { name: 'Contact details' }).getByRole('status', { name: 'Opt-out' });
    await optOut.getByText('No rule, flow or broadcast messages them', { exact: false }).waitFor();
    await e2e.screenshot(page, 'messaging-inbox-opted-out');
  });
});

describe('human takeover in the inbox and the simulator (contracts/takeover.ts)', () => {
  it('a reply in /inbox takes the conversation over: the thread names the member, a keyword comment gets nothing and the forecast says why; Resume automation hands it back', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const rule = await page.request.post('/api/comment-rules', {
      data: { platform: 'instagram', keywords: ['takeguide'], responseTemplate: 'Here is the take guide' },
    });
    expect(rule.status(), await rule.text()).toBe(201);

    await page.goto('/simulator');
    await page.getByRole('heading', { name: 'Simulator', level: 1 }).waitFor();
    await actAsNewContact(page, 'Tess Take');
    const dmBox = page.getByLabel(/^DM @.+ as @tess_take$/);
    await dmBox.fill('Hi, is the blue one in stock?');
    await dmBox.press('Enter');
    await page.getByText('DM sent to', { exact: false }).first().waitFor();

    // The inbox, reached from the navigation: the bot answers until a member replies.
    await page.getByRole('link', { name: 'Inbox', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Unified Inbox' }).waitFor();
    await page.getByPlaceholder('Search conversations...').fill('Tess Take');
    const row = page.getByRole('button', { name: /Tess Take/ });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    const thread = page.getByRole('region', { name: 'Conversation', exact: true });
    await thread.getByText('Automation answers this contact', { exact: false }).waitFor();
    await page.getByLabel('Message', { exact: true }).fill('Yes! I will hold one for you.');
    await page.getByLabel('Message', { exact: true }).press('Enter');
    const owner = thread.getByRole('status', { name: 'Conversation owner' });
    await owner.getByText('is handling this conversation', { exact: false }).waitFor({ timeout: 15_000 });
    await owner.getByRole('button', { name: 'Resume automation' }).waitFor();
    await e2e.screenshot(page, 'messaging-inbox-takeover');

    // A keyword comment from that contact: nothing automated, and the forecast says why.
    await page.goto('/simulator');
    await page.getByLabel('Act as contact').selectOption({ label: 'Tess Take (@tess_take)' });
    const box = page.getByLabel('Comment as @tess_take');
    await box.fill('takeguide please');
    await box.press('Enter');
    await page.getByTestId('sim-nothing-matched').filter({ hasText: 'Automation is paused for @tess_take' }).waitFor();
    await e2e.screenshot(page, 'messaging-simulator-takeover');
    await page.waitForTimeout(1500);
    expect((await outboxFor(page, 'sim-tess-take')).map((o) => o.text)).toEqual(['Yes! I will hold one for you.']);

    // Resume automation: the bot owns the thread again and the next keyword comment is answered.
    await page.goBack();
    await page.getByPlaceholder('Search conversations...').fill('Tess Take');
    await page.getByRole('button', { name: /Tess Take/ }).click();
    await page.getByRole('button', { name: 'Resume automation' }).click();
    await thread.getByText('Automation answers this contact', { exact: false }).waitFor();
    await page.goto('/simulator');
    await page.getByLabel('Act as contact').selectOption({ label: 'Tess Take (@tess_take)' });
    await page.getByLabel('Comment as @tess_take').fill('takeguide again');
    await page.getByLabel('Comment as @tess_take').press('Enter');
    await expect.poll(async () => (await outboxFor(page, 'sim-tess-take')).map((o) => o.text), { timeout: 15_000 }).toContain('Here is the take guide');

    // The quiet time is a workspace setting, reached from the navigation.
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    const quiet = page.getByLabel('Resume automation by itself after');
    await quiet.selectOption('48');
    await page.getByText('Saved', { exact: true }).first().waitFor();
    await quiet.scrollIntoViewIfNeeded();
    await e2e.screenshot(page, 'settings-takeover');
  });
});
