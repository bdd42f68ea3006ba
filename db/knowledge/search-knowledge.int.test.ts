import { beforeAll, expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';
import { searchKnowledge } from './search-knowledge';
import { insertKnowledgeEntry } from './write-entries';

const { pool } = await useTestPool({ max: 2 });
let mine: string;
let theirs: string;
const workspace = async (name: string) => (await pool.query<{ id: string }>('insert into workspaces (name) values ($1) returning id', [name])).rows[0]!.id;
const asOwner = { audience: 'workspace' } as const;

beforeAll(async () => {
  mine = await workspace('Mine');
  theirs = await workspace('Theirs');
  await insertKnowledgeEntry(pool, mine, {
    kind: 'faq',
    title: 'Do you ship internationally?',
    body: 'We ship to Canada and the EU in 5-7 days; shipping costs $9. Parcels are tracked.',
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
  await insertKnowledgeEntry(pool, mine, { kind: 'profile', questionId: 'pricing', title: 'Pricing', body: 'Cakes start at $45; cupcakes are $3.50 each.' });
  await insertKnowledgeEntry(pool, mine, { kind: 'document', title: 'Long page', body: `coaching ${'x'.repeat(5000)}`, visibility: 'public' });
  await insertKnowledgeEntry(pool, mine, { kind: 'faq', title: 'Café opening hours', body: 'The café opens at 8am, Tuesday to Sunday.' });
  // Documents are internal unless made public: staff notes a customer must never be sent.
  await insertKnowledgeEntry(pool, mine, { kind: 'document', title: 'Internal pricing', body: 'Staff discount code SECRET-30. Never share.' });
  await insertKnowledgeEntry(pool, theirs, { kind: 'faq', title: 'Shipping secrets of another business', body: 'Their shipping costs $1 to Canada.' });
  await pool.query('analyze knowledge_entries');
});

it('finds entries that match some of the words of a question, best match first, with a match score from 0 to 1', async () => {
  const hits = await searchKnowledge(pool, mine, 'How much does shipping to Canada cost?', asOwner);
  expect(hits[0]).toMatchObject({ kind: 'faq', title: 'Do you ship internationally?', source: 'typed' });
  expect(hits[0]!.score).toBeGreaterThan(0.5);
  expect(hits.every((h) => h.score > 0 && h.score <= 1)).toBe(true);
  expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
  expect(hits.every((h) => !h.body.includes('another business') && !h.title.includes('another business'))).toBe(true);
});

it("never returns another workspace's entries", async () => {
  const hits = await searchKnowledge(pool, theirs, 'shipping coaching returns', asOwner);
  expect(hits.map((h) => h.title)).toEqual(['Shipping secrets of another business']);
});

it('a contact’s search sees public entries only; the workspace’s own sees internal ones too', async () => {
  const question = 'what is the internal discount code? discount pricing';
  const owner = await searchKnowledge(pool, mine, question, asOwner);
  expect(owner.map((h) => h.title)).toContain('Internal pricing');
  const contact = await searchKnowledge(pool, mine, question, { audience: 'contact' });
  expect(contact.map((h) => h.title)).not.toContain('Internal pricing');
  expect(JSON.stringify(contact)).not.toContain('SECRET-30');
});

it('a price question finds the pricing entry however the price is asked for, in English, Spanish or German', async () => {
  for (const q of ['How much are cupcakes?', 'what do cupcakes cost', '¿Cuánto cuestan los cupcakes?', 'Was kosten Cupcakes?']) {
    const [best] = await searchKnowledge(pool, mine, q, { audience: 'contact' });
    expect(best?.title, q).toBe('Pricing');
  }
});

it('quotes the passage that answers, not the whole entry', async () => {
  const [best] = await searchKnowledge(pool, mine, 'are parcels tracked?', { audience: 'contact' });
  expect(best).toMatchObject({ title: 'Do you ship internationally?', passage: 'Parcels are tracked.' });
});

it('ignores accents and tolerates typos, in titles and in everyday words', async () => {
  expect((await searchKnowledge(pool, mine, 'cafe hours', asOwner))[0]?.title).toBe('Café opening hours');
  const hits = await searchKnowledge(pool, mine, 'coachng progam price?', asOwner);
  expect(hits[0]).toMatchObject({ title: '6-week coaching program', priceCents: 49_900, duration: '6 weeks', url: 'https://example.com/coaching' });
  expect((await searchKnowledge(pool, mine, 'shiping to canda', asOwner))[0]?.title).toBe('Do you ship internationally?');
});

it('cuts long bodies to maxBodyChars and returns nothing for a question without words', async () => {
  const [long] = (await searchKnowledge(pool, mine, 'coaching', { ...asOwner, limit: 5, maxBodyChars: 100 })).filter((h) => h.title === 'Long page');
  expect(long?.body.length).toBe(100);
  expect(await searchKnowledge(pool, mine, '?!', asOwner)).toEqual([]);
  expect(await searchKnowledge(pool, mine, 'the and of', asOwner)).toEqual([]);
});

it('keeps injection-looking input as data (a quote or a backslash is just a character)', async () => {
  await expect(searchKnowledge(pool, mine, "returns'; drop table knowledge_entries; -- \\ & | ! ( :* <-> :A", asOwner)).resolves.toEqual(
    expect.arrayContaining([expect.objectContaining({ title: 'Returns' })]),
  );
});

it('finds the answer at the end of a long, chatty question', async () => {
  const hits = await searchKnowledge(
    pool,
    mine,
    'hi there, so I was wondering, because my friend told me about you and I really like what I saw on your page, whether you also have a coaching program?',
    asOwner,
  );
  expect(hits[0]?.title).toBe('6-week coaching program');
});
