import { beforeAll, expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';
import { searchKnowledge } from './search-knowledge';
import { insertKnowledgeEntry } from './write-entries';

const { pool } = await useTestPool({ max: 2 });
let mine: string;
let theirs: string;
const workspace = async (name: string) => (await pool.query<{ id: string }>('insert into workspaces (name) values ($1) returning id', [name])).rows[0]!.id;

beforeAll(async () => {
  mine = await workspace('Mine');
  theirs = await workspace('Theirs');
  await insertKnowledgeEntry(pool, mine, {
    kind: 'faq',
    title: 'Do you ship internationally?',
    body: 'We ship to Canada and the EU in 5-7 days; shipping costs $9.',
  });
  await insertKnowledgeEntry(pool, mine, {
    kind: 'offer',
    title: '6-week coaching program',
    body: 'Weekly calls and a private community.',
    priceCents: 49_900,
    duration: '6 weeks',
    url: 'https://example.com/coaching',
  });
  await insertKnowledgeEntry(pool, mine, { kind: 'profile', questionId: 'returns', title: 'Returns', body: 'Unworn items can be returned within 30 days.' });
  await insertKnowledgeEntry(pool, mine, { kind: 'document', title: 'Long page', body: `coaching ${'x'.repeat(5000)}` });
  await insertKnowledgeEntry(pool, theirs, { kind: 'faq', title: 'Shipping secrets of another business', body: 'Their shipping costs $1 to Canada.' });
});

it('finds entries that match some of the words of a question, best match first', async () => {
  const hits = await searchKnowledge(pool, mine, 'How much does shipping to Canada cost?');
  expect(hits[0]).toMatchObject({ kind: 'faq', title: 'Do you ship internationally?', source: 'typed' });
  expect(hits.every((h) => !h.body.includes('another business') && !h.title.includes('another business'))).toBe(true);
});

it("never returns another workspace's entries", async () => {
  const hits = await searchKnowledge(pool, theirs, 'shipping coaching returns');
  expect(hits.map((h) => h.title)).toEqual(['Shipping secrets of another business']);
});

it('tolerates a typo in a title word, ranked after full-text hits', async () => {
  const hits = await searchKnowledge(pool, mine, 'coachng progam price?');
  expect(hits.map((h) => h.title)).toContain('6-week coaching program');
  expect(hits.find((h) => h.title === '6-week coaching program')).toMatchObject({
    priceCents: 49_900,
    duration: '6 weeks',
    url: 'https://example.com/coaching',
  });
});

it('cuts long bodies to maxBodyChars and returns nothing for a question without words', async () => {
  const [long] = (await searchKnowledge(pool, mine, 'coaching', { limit: 5, maxBodyChars: 100 })).filter((h) => h.title === 'Long page');
  expect(long?.body.length).toBe(100);
  expect(await searchKnowledge(pool, mine, '?!')).toEqual([]);
});

it('keeps injection-looking input as data (a quote or a backslash is just a character)', async () => {
  await expect(searchKnowledge(pool, mine, "returns'; drop table knowledge_entries; -- \\ & | ! ( :*")).resolves.toEqual(
    expect.arrayContaining([expect.objectContaining({ title: 'Returns' })]),
  );
});

it('finds the answer at the end of a long, chatty question', async () => {
  const hits = await searchKnowledge(
    pool,
    mine,
    'hi there, so I was wondering, because my friend told me about you and I really like what I saw on your page, whether you also have a coaching program?',
  );
  expect(hits.map((h) => h.title)).toContain('6-week coaching program');
});
