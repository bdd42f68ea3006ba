import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { AiStatus, KbChatResponse, KbChatStreamEvent } from '../../contracts/ai';
import { screenshotDir, startE2E, type E2E } from './harness';

// The assistant screens against contracts/ai.ts alone: the AI endpoints are answered in the browser
// with contract-shaped bodies, so the states a real model rarely produces (a refusal event, a
// dropped connection, no provider) are shown and checked. Real server for everything else.

let e2e: E2E;

/** The viewport only: a full-page capture misplaces the fixed widget and header. */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const answer: KbChatResponse = {
  conversationId: '5f0f7a52-2a53-4f7e-9d43-5d1c1b1f6a01',
  messageId: 'msg-1',
  response: 'We ship to Norway in 3 to 5 working days, and shipping is free over $80. Want help picking a trail shoe first?',
  mode: 'knowledge_base',
  confidence: 0.62,
  funnelStage: 'diagnose',
  relatedOffers: [{ id: 'o1', title: 'Trail Runner Fitting', priceCents: 4900, duration: '30 minutes', url: 'https://shop.example.com/fitting' }],
  suggestedActions: ['Book a fitting', 'What about returns?'],
  sources: [{ id: 'k1', kind: 'faq', title: 'Shipping to Norway', source: 'typed', url: null }],
  userRole: 'free',
  isAuthenticated: true,
  usage: { messagesUsed: 7, messageLimit: 100 },
};

const noProvider: AiStatus = { provider: null, model: null, reachable: null, latencyMs: null, error: null, checkedAt: new Date().toISOString() };

const sse = (events: KbChatStreamEvent[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/register', {
    data: { firstName: 'Cora', lastName: 'Contract', email: `cora-${Date.now()}-${Math.random()}@example.com`, password: 'secret12' },
  });
  if (res.status() !== 201) throw new Error(`register: ${res.status()}`);
}

async function routeAi(page: Page, stream: (route: Route) => Promise<void>) {
  await page.route('**/api/ai/gemini/test', (r) => r.fulfill({ json: noProvider }));
  await page.route('**/api/chatbot/feedback', (r) => r.fulfill({ status: 201, json: { ok: true } }));
  await page.route('**/api/kb/chat/stream', stream);
  await page.route('**/api/kb/chat', (r) => r.fulfill({ json: answer }));
}

describe('assistant screens against the contract', () => {
  it('/ai-chat: a knowledge-base answer says so, and the badge says no model is configured', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const words = answer.response.split(/(?<= )/);
    await routeAi(page, (r) =>
      r.fulfill({
        headers: { 'content-type': 'text/event-stream' },
        body: sse([...words.map((text) => ({ type: 'token' as const, text })), { type: 'done', answer }]),
      }),
    );
    await page.goto('/ai-chat');
    await page.getByText('Knowledge base only').waitFor();
    await e2e.screenshot(page, 'ai-chat-empty');
    const input = page.getByRole('textbox', { name: 'Ask the assistant' });
    await input.fill('How long does shipping to Norway take?');
    await input.press('Enter');
    await page.getByText('Quoted from your knowledge base', { exact: false }).waitFor();
    await page.getByText('62%').waitFor();
    await page.getByText('7 of 100 messages used').waitFor();
    await page.getByText('Stage: Diagnose').waitFor();
    await e2e.screenshot(page, 'ai-chat-contract-answer');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await e2e.screenshot(page, 'ai-chat-contract-answer-dark');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await e2e.screenshot(page, 'ai-chat-contract-answer-phone');
  });

  it('/ai-chat: an error event is AI Service Unavailable; a dropped stream is a Connection Issue with the fallback question', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    let call = 0;
    await routeAi(page, (r) => {
      call += 1;
      return call === 1
        ? r.fulfill({ headers: { 'content-type': 'text/event-stream' }, body: sse([{ type: 'error', error: 'AI_UNAVAILABLE', message: 'The model did not answer in time' }]) })
        : r.abort('connectionreset');
    });
    await page.goto('/ai-chat');
    const input = page.getByRole('textbox', { name: 'Ask the assistant' });
    await input.fill('first');
    await input.press('Enter');
    await page.getByRole('alert').getByText('AI Service Unavailable').waitFor();
    await input.fill('second');
    await input.press('Enter');
    await page.getByRole('alert').getByText('Connection Issue').waitFor();
    await page.getByText(/biggest challenge/).waitFor();
    await e2e.screenshot(page, 'ai-chat-contract-failures');
  });

  it('dashboard panel: knowledge-base-only badge and credit', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await routeAi(page, (r) => r.abort());
    await page.goto('/dashboard');
    await page.getByText('Knowledge base only').waitFor();
    const input = page.getByRole('textbox', { name: 'Ask the assistant' });
    await input.fill('Do you ship to Norway?');
    await input.press('Enter');
    await page.getByText('Shipping to Norway').waitFor();
    await page.getByRole('button', { name: 'Thumbs up: helpful' }).click();
    await page.getByText('Feedback Recorded').waitFor();
    await viewportShot(page, 'ai-dashboard-contract');
  });

  it('support widget: a 503 falls back to the local reply, then the content tip', async () => {
    const page = await e2e.newPage();
    await page.route('**/api/chat/gemini', (r) => r.fulfill({ status: 503, json: { error: 'AI_NOT_CONFIGURED', message: 'AI Service Unavailable' } }));
    await page.goto('/');
    await page.getByRole('button', { name: 'Open support chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Support chat' });
    const input = panel.getByRole('textbox', { name: 'Message' });
    await input.fill('How do I automate replies to my post comments?');
    await input.press('Enter');
    await panel.getByText(/A flow starts with a trigger/).waitFor();
    await panel.getByText(/does not write posts or stories/).waitFor();
    await viewportShot(page, 'ai-support-widget-contract');
  });
});
