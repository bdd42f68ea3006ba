import path from 'node:path';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertKnowledgeEntry } from '../../db/knowledge/write-entries';
import { screenshotDir, startE2E, type E2E } from './harness';

// The assistant with no AI provider configured (no GEMINI_* / AI_* environment): the real server
// answers from the user's knowledge base and says so. /ai-chat quotes the matching FAQ, labelled as
// a knowledge-base quote; a question nothing matches says so; both badges say "Knowledge base only";
// the dashboard panel's thumbs up stores a real ai_feedback row.

let e2e: E2E;
let db: pg.Pool;

/** The viewport only: a full-page capture misplaces the fixed header and panels. */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });

beforeAll(async () => {
  e2e = await startE2E();
  db = new pg.Pool({ connectionString: e2e.app.db.url, max: 2 });
});

afterAll(async () => {
  await db?.end();
  await e2e?.stop();
});

let seq = 0;
/** A new user with one FAQ in their knowledge base. */
async function registerWithFaq(page: Page) {
  seq += 1;
  const email = `kim-kb-${Date.now()}-${seq}@example.com`;
  const res = await page.request.post('/api/auth/register', {
    data: { firstName: 'Kim', lastName: 'Knowledge', email, password: 'secret12' },
  });
  expect(res.status()).toBe(201);
  const { rows } = await db.query<{ id: string; workspace_id: string }>('select id, workspace_id from users where email = $1', [email]);
  const user = rows[0]!;
  await insertKnowledgeEntry(db, user.workspace_id, {
    kind: 'faq',
    title: 'Shipping to Norway',
    body: 'We ship to Norway in 3 to 5 working days; shipping is free over $80.',
  });
  return user;
}

describe('no AI provider configured', () => {
  it('/ai-chat quotes the knowledge base and labels it; an unmatched question says nothing matched', async () => {
    const page = await e2e.newPage();
    await registerWithFaq(page);
    await page.goto('/ai-chat');
    await page.getByRole('heading', { name: 'AI Assistant' }).waitFor();
    await page.getByText('Knowledge base only').waitFor();
    await page.getByText(/No AI model is configured on this server/).waitFor();
    expect(await page.getByText(/Live ·/).count()).toBe(0);

    const input = page.getByRole('textbox', { name: 'Ask the assistant' });
    await input.fill('How long does shipping to Norway take?');
    await input.press('Enter');
    await page.getByText('Quoted from your knowledge base (no AI model answered)').waitFor();
    await page.getByText(/"We ship to Norway in 3 to 5 working days; shipping is free over \$80\."/).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'FAQ:' }).filter({ hasText: 'Shipping to Norway' }).waitFor();
    await viewportShot(page, 'ai-kb-only-chat-answer');

    await input.fill('Zebra xylophone quartet rehearsal?');
    await input.press('Enter');
    await page.getByText("I couldn't find anything about that in the knowledge base.", { exact: false }).waitFor();
    await page.getByText('Nothing in your knowledge base matched this question.').waitFor();
    await page.getByRole('link', { name: 'Add it to your knowledge base' }).waitFor();
    await viewportShot(page, 'ai-kb-only-chat-no-match');
  });

  it('dashboard panel: knowledge-base-only badge; thumbs up shows Feedback Recorded and stores the row', async () => {
    const page = await e2e.newPage();
    const user = await registerWithFaq(page);
    await page.goto('/dashboard');
    await page.getByText('Knowledge base only').waitFor();
    expect(await page.getByText(/Live ·/).count()).toBe(0);

    const input = page.getByRole('textbox', { name: 'Ask the assistant' });
    await input.fill('Do you ship to Norway?');
    await input.press('Enter');
    await page.getByText(/We ship to Norway in 3 to 5 working days/).waitFor();
    await page.getByRole('button', { name: 'Thumbs up: helpful' }).click();
    await page.getByText('Feedback Recorded').waitFor();

    const { rows } = await db.query<{ rating: string; workspace_id: string; conversation_id: string; message_id: string }>(
      'select rating, workspace_id, conversation_id, message_id from ai_feedback where user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 'thumbs_up', workspace_id: user.workspace_id });
    // The row names the stored answer it rates.
    const rated = await db.query<{ content: string }>(
      `select content from ai_chat_messages where id::text = $1 and conversation_id::text = $2 and role = 'assistant'`,
      [rows[0]!.message_id, rows[0]!.conversation_id],
    );
    expect(rated.rows[0]?.content).toContain('We ship to Norway');
    await page.getByRole('heading', { name: /AI Automation Assistant/ }).scrollIntoViewIfNeeded();
    await viewportShot(page, 'ai-kb-only-dashboard-feedback');
  });
});
