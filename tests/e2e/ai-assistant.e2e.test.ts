import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertKnowledgeEntry } from '../../db/knowledge/write-entries';
import { useGeminiE2E } from '../support/gemini-e2e';
import { screenshotDir } from './harness';

// AI assistant E2E: the real server with Gemini pointed at its contract fake, a real Chromium.
// A FAQ entry and an offer are put in the user's knowledge base; /ai-chat streams an answer that
// cites the FAQ with its match score and the offer; thumbs record feedback; the dashboard badge says
// what is configured; the support widget answers locally when the model fails.

const ai = useGeminiE2E({ AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '3000' });

/** The viewport only: a full-page capture misplaces the fixed widget and header. */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });

async function registerWithKnowledge(page: Page) {
  const { workspaceId } = await ai.register(page, { firstName: 'Ada', lastName: 'Assist' });
  const faqId = await insertKnowledgeEntry(ai.db, workspaceId, {
    kind: 'faq',
    title: 'Shipping to Norway',
    body: 'We ship to Norway in 3 to 5 working days; shipping is free over $80.',
  });
  const offerId = await insertKnowledgeEntry(ai.db, workspaceId, {
    kind: 'offer',
    title: 'Trail Runner Fitting',
    body: 'A 30-minute video fitting with a coach who picks the right trail shoe for you and your route.',
    priceCents: 4900,
    duration: '30 minutes',
    url: 'https://shop.example.com/fitting',
  });
  return { faqId, offerId };
}

describe('/ai-chat', () => {
  it('streams an answer citing the knowledge base, with its match score, an offer and chips; thumbs up records feedback', async () => {
    const page = await ai.e2e.newPage();
    const { offerId } = await registerWithKnowledge(page);
    // Scripted up front: the badge's status ping is answered without taking a scripted reply.
    ai.gemini.script.push({
      json: {
        answer: 'We ship to Norway in 3 to 5 working days, and shipping is free over $80. Want help picking a trail shoe first?',
        confidence: 0.87,
        funnelStage: 'prescribe',
        relatedOfferIds: [offerId],
        suggestedActions: ['Book a fitting', 'What about returns?'],
      },
    });

    await page.goto('/ai-chat');
    await page.getByRole('heading', { name: 'AI Assistant' }).waitFor();
    await page.getByText('Stage: Hook').waitFor();
    await page.getByText('Live · Gemini').waitFor();
    expect(ai.gemini.script).toHaveLength(1);

    await page.getByRole('button', { name: /Pricing questions/ }).waitFor();
    await page.getByLabel('Platform').selectOption('instagram');

    const input = page.getByRole('textbox', { name: 'Ask the assistant' });
    await input.fill('Trail shoe fitting and shipping to Norway: how long?');
    await input.press('Enter');

    await page.getByText('We ship to Norway in 3 to 5 working days, and shipping is free over $80.', { exact: false }).waitFor();
    // The retrieval's match score, labelled as such: never the model's own 0.87 as a percentage.
    await page
      .getByText(/^match score [01]\.\d\d$/)
      .first()
      .waitFor();
    expect(await page.getByText('87%').count()).toBe(0);
    await page.getByRole('paragraph').filter({ hasText: 'Trail Runner Fitting' }).waitFor();
    await page.getByText('$49.00').waitFor();
    await page.getByText('Shipping to Norway', { exact: true }).waitFor();
    await page.getByText('Stage: Prescribe').waitFor();
    const call = ai.gemini.requests.filter((r) => !r.ping).at(-1);
    expect(call?.stream).toBe(true);
    expect(call?.userText).toContain('Shipping to Norway');

    // A suggested reply fills the input; it does not send.
    await page.getByRole('button', { name: 'Book a fitting' }).click();
    expect(await input.inputValue()).toBe('Book a fitting');
    await ai.e2e.screenshot(page, 'ai-chat-answer');

    await page.getByRole('button', { name: 'Thumbs up: helpful' }).click();
    await page.getByText('Feedback Recorded').waitFor();

    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await ai.e2e.screenshot(page, 'ai-chat-answer-dark');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await ai.e2e.screenshot(page, 'ai-chat-answer-phone');
  });
});

describe('dashboard assistant', () => {
  it('shows the configured model in its badge and answers with thumbs', async () => {
    const page = await ai.e2e.newPage();
    await registerWithKnowledge(page);
    await page.goto('/dashboard');
    await page.getByText('Live · Gemini').waitFor();
    await page.getByText(/Answers by Google Gemini/).waitFor();

    await page.getByRole('button', { name: 'Set up auto-replies to comments' }).click();
    const input = page.getByRole('textbox', { name: 'Ask the assistant' });
    expect(await input.inputValue()).toBe('Set up auto-replies to comments');
    await input.fill('Do you ship to Norway?');
    await input.press('Enter');
    await page.getByText('Thanks for asking! Here is what I know.').waitFor();
    await page.getByRole('button', { name: 'Thumbs up: helpful' }).click();
    await page.getByText('Feedback Recorded').waitFor();
    await page.getByRole('heading', { name: /AI Automation Assistant/ }).scrollIntoViewIfNeeded();
    await viewportShot(page, 'ai-dashboard-panel');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await viewportShot(page, 'ai-dashboard-panel-dark');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: /AI Automation Assistant/ }).scrollIntoViewIfNeeded();
    await viewportShot(page, 'ai-dashboard-panel-phone');
  });
});

describe('support widget', () => {
  it('answers with the local reply when the model fails', async () => {
    // resetGeminiFake puts the default fallback back before the next test.
    ai.gemini.fallback = { error: 500, message: 'Internal error' };
    const page = await ai.e2e.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open support chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Support chat' });
    const input = panel.getByRole('textbox', { name: 'Message' });
    await input.fill('How much is the price?');
    await input.press('Enter');
    await panel.getByText(/Starter \$15\/month \(1,000 messages/).waitFor();
    await panel.getByRole('button', { name: 'Thumbs up: helpful' }).click();
    await page.getByText('Feedback Recorded').waitFor();
    await viewportShot(page, 'ai-support-widget');
  });
});
