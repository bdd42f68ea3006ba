import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ConversationsPage } from '../../contracts/inbox';
import type { OutboxItem, SimulatorState } from '../../contracts/simulator';
import { defaultAnswer } from '../fakes/ai-fake-script';
import { useGeminiE2E } from '../support/gemini-e2e';
import { screenshotDir } from './harness';

// The real server with Gemini pointed at its contract fake, when the model fails and when it drafts:
// /ai-chat shows 'AI Service Unavailable' after every attempt got a 5xx, and 'Connection Issue' when
// the model is slower than AI_TIMEOUT_MS; the landing page's support widget answers locally
// 800–1200 ms after the server's 503, then the content tip; the inbox's "Suggest reply" puts the
// model's draft in the reply box and sends nothing.

const TIMEOUT_MS = 2000;
const ai = useGeminiE2E({ AI_MAX_RETRIES: '1', AI_RETRY_BASE_MS: '10', AI_TIMEOUT_MS: String(TIMEOUT_MS) });

/** The viewport only: a full-page capture misplaces the fixed widget and header. */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
const register = async (page: Page) => (await ai.register(page, { firstName: 'Fay', lastName: 'Failure' })).workspaceId;

async function ask(page: Page, question: string) {
  const input = page.getByRole('textbox', { name: 'Ask the assistant' });
  await input.fill(question);
  await input.press('Enter');
}

describe('/ai-chat when the model fails', () => {
  it('a 5xx on every attempt ends the stream with AI Service Unavailable and the reason', async () => {
    const page = await ai.e2e.newPage();
    await register(page);
    await page.goto('/ai-chat');
    await page.getByText('Live · Gemini').waitFor();
    ai.gemini.script.push({ error: 500 }, { error: 503, message: 'The model is overloaded. Please try again later.' });

    await ask(page, 'How long does shipping take?');
    await page.getByRole('alert').getByText('AI Service Unavailable').waitFor();
    await page
      .getByText(/The AI provider is unavailable \(HTTP 503\): The model is overloaded/)
      .first()
      .waitFor();
    expect(ai.modelCalls()).toHaveLength(2); // the first try and its one retry
    expect(ai.gemini.script).toHaveLength(0);
    await viewportShot(page, 'ai-chat-model-unavailable');
  });

  it('a model slower than AI_TIMEOUT_MS ends the stream with Connection Issue', async () => {
    const page = await ai.e2e.newPage();
    await register(page);
    await page.goto('/ai-chat');
    await page.getByText('Live · Gemini').waitFor();
    const slow = { json: defaultAnswer, delayMs: TIMEOUT_MS + 2000 };
    ai.gemini.script.push(slow, slow);

    const started = Date.now();
    await ask(page, 'Do you ship to Norway?');
    await page
      .getByRole('alert')
      .getByText('Connection Issue')
      .waitFor({ timeout: 4 * TIMEOUT_MS });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * TIMEOUT_MS); // both attempts ran to the deadline
    await page
      .getByText(`The AI provider did not answer within ${TIMEOUT_MS / 1000} s`)
      .first()
      .waitFor();
    expect(await page.getByText('Thanks for asking! Here is what I know.').count()).toBe(0);
    expect(ai.modelCalls()).toHaveLength(2);
    await viewportShot(page, 'ai-chat-model-timeout');
  });
});

describe('support widget on the landing page', () => {
  it('a model 503/500 → the local reply 800–1200 ms after the server answered, then the content tip', async () => {
    const page = await ai.e2e.newPage();
    await register(page); // signed in, so the widget's question goes to the model
    ai.gemini.script.push({ error: 503 }, { error: 500 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open support chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Support chat' });
    const canned = 'A flow starts with a trigger';
    // When the reply appears, measured in the page against the end of the server's response.
    await page.evaluate((text) => {
      const w = window as unknown as { __shownAt?: number };
      new MutationObserver((_m, obs) => {
        if (document.body.innerText.includes(text)) {
          w.__shownAt = performance.now();
          obs.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, canned);

    const input = panel.getByRole('textbox', { name: 'Message' });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/chat/gemini'));
    await input.fill('How do I get more comments on my post?');
    await input.press('Enter');
    const res = await answered;
    expect(res.status()).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe('AI Service Unavailable');
    await panel.getByText(canned, { exact: false }).waitFor();
    const delay = await page.evaluate(() => {
      const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/chat/gemini')) as PerformanceResourceTiming;
      return (window as unknown as { __shownAt: number }).__shownAt - entry.responseEnd;
    });
    expect(delay).toBeGreaterThanOrEqual(800);
    expect(delay).toBeLessThan(1200 + 300); // the spec's 800 + up to 400 ms, plus rendering on a busy machine
    expect(ai.modelCalls()).toHaveLength(2);
    await panel.getByText(/does not write posts or stories/).waitFor();
    await viewportShot(page, 'ai-support-widget-model-down');
  });
});

describe('inbox Suggest reply', () => {
  it("puts the model's draft in the reply box and sends nothing", async () => {
    const page = await ai.e2e.newPage();
    const workspaceId = await register(page);
    const state = (await (await page.request.get('/api/simulator')).json()) as SimulatorState;
    const instagram = state.accounts.find((a) => a.platform === 'instagram')!;
    const contact = { externalUserId: 'sim-sam-suggest', name: 'Sam Suggest', username: 'sam_suggest' };
    const sent = await page.request.post('/api/simulator/messages', {
      data: { accountId: instagram.id, contact, text: 'Is the trail shoe fitting still available this week?' },
    });
    expect(sent.status()).toBe(202);
    let conversationId: string | undefined;
    await expect
      .poll(
        async () => {
          const body = (await (await page.request.get('/api/conversations?search=Sam%20Suggest')).json()) as ConversationsPage;
          conversationId = body.conversations[0]?.id;
          return conversationId;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();

    const counts = async () => {
      const { rows } = await ai.db.query<{ ledger: number; messages: number }>(
        `select (select count(*)::int from outbound_ledger where workspace_id = $1) as ledger,
                (select count(*)::int from messages where workspace_id = $1 and direction <> 'inbound') as messages`,
        [workspaceId],
      );
      const outbox = (await (await page.request.get('/api/simulator/outbox')).json()) as OutboxItem[];
      return { ...rows[0]!, outbox: outbox.length };
    };
    const before = await counts();

    const draft = 'Yes! We still have fitting slots this week. Would Thursday or Friday suit you better?';
    ai.gemini.script.push({ json: { answer: draft, confidence: 0.91, funnelStage: 'close', relatedOfferIds: [], suggestedActions: [] } });
    await page.goto(`/inbox?c=${conversationId}`);
    await page.getByRole('region', { name: 'Conversation', exact: true }).getByRole('heading', { name: 'Sam Suggest' }).waitFor();
    await page.getByRole('button', { name: 'Suggest reply' }).click();
    const box = page.getByRole('combobox', { name: 'Message' });
    await expect.poll(() => box.inputValue()).toBe(draft);
    await page.getByText(/^Drafted by AI from your public knowledge · match score \d\.\d\d · review it before sending$/).waitFor();
    expect(ai.modelCalls().at(-1)?.userText).toContain('Is the trail shoe fitting still available this week?');
    await viewportShot(page, 'ai-inbox-suggest-reply');

    await new Promise((r) => setTimeout(r, 500)); // anything sent would be queued by now
    expect(await counts()).toEqual(before);
  });
});
