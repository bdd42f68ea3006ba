import { describe, expect, it } from 'vitest';
import type { KnowledgeHit } from '../../contracts/knowledge';
import { contactQuote, knowledgeOnlyAnswer } from './knowledge-only-answer';

const hit = (over: Partial<KnowledgeHit>): KnowledgeHit => ({
  id: 'id',
  kind: 'faq',
  title: 'Title',
  body: 'Body',
  priceCents: null,
  duration: null,
  url: null,
  author: null,
  source: 'typed',
  passage: 'Body',
  score: 0.5,
  ...over,
});

describe('knowledgeOnlyAnswer', () => {
  it('says nothing matched, without inventing anything, when there are no hits', () => {
    const a = knowledgeOnlyAnswer([]);
    expect(a).toMatchObject({ mode: 'none', confidence: 0, sources: [], relatedOffers: [] });
    expect(a.response).toBe("I couldn't find anything about that in the knowledge base.");
  });

  it('quotes the best entries word for word, labelled as knowledge-base quotes, with their source', () => {
    const a = knowledgeOnlyAnswer([
      hit({ id: 'a', title: 'Shipping', body: 'We ship to Canada in 5-7 days.', url: 'https://shop.example/shipping', source: 'scan', kind: 'page' }),
      hit({ id: 'b', title: 'Bootcamp', body: 'Six weeks of reels.', kind: 'offer', priceCents: 19900, duration: '6 weeks' }),
    ]);
    expect(a.mode).toBe('knowledge_base');
    expect(a.response).toContain('From the knowledge base');
    expect(a.response).toContain('quoted, not written by an AI');
    expect(a.response).toContain('"We ship to Canada in 5-7 days."');
    expect(a.response).toContain('Shipping, https://shop.example/shipping (page)');
    expect(a.response).toContain('"Six weeks of reels." ($199)');
    expect(a.sources).toEqual([
      { id: 'a', kind: 'page', title: 'Shipping', source: 'scan', url: 'https://shop.example/shipping' },
      { id: 'b', kind: 'offer', title: 'Bootcamp', source: 'typed', url: null },
    ]);
    expect(a.relatedOffers).toEqual([{ id: 'b', title: 'Bootcamp', priceCents: 19900, duration: '6 weeks', url: null }]);
  });

  it('every line is fixed wording or an entry’s own text', () => {
    const body = 'Returns are free within 30 days.';
    const a = knowledgeOnlyAnswer([hit({ body, title: 'Returns' })]);
    const lines = a.response.split('\n').filter(Boolean);
    expect(lines).toEqual(['From the knowledge base (quoted, not written by an AI):', `1. "${body}"`, '   — Returns (faq)']);
  });

  it('quotes at most three entries and shortens long ones', () => {
    const a = knowledgeOnlyAnswer([1, 2, 3, 4].map((i) => hit({ id: String(i), body: 'word '.repeat(300) })));
    expect(a.sources).toHaveLength(3);
    expect(a.response).toContain('…"');
  });
});

describe('contactQuote', () => {
  it('sends a contact the passage that answers, with where it comes from, never the rest of the entry', () => {
    const a = contactQuote([
      hit({ id: 'f', title: 'Do you deliver?', body: 'We deliver on Fridays. Our kitchen code is 4471.', passage: 'We deliver on Fridays.', score: 0.8 }),
      hit({ id: 'g', title: 'Other', body: 'Second entry.' }),
    ]);
    expect(a.response).toBe('From our FAQ "Do you deliver?": "We deliver on Fridays."');
    expect(a.response).not.toContain('4471');
    expect(a).toMatchObject({ mode: 'knowledge_base', confidence: 0.8, sources: [{ id: 'f' }] });
  });

  it('adds an offer’s own facts (price, duration, link), and names a profile answer by its topic', () => {
    const offer = contactQuote([
      hit({ kind: 'offer', title: 'Sourdough class', passage: 'A hands-on morning class.', priceCents: 8500, duration: '3 hours', url: 'https://b.example/c' }),
    ]);
    expect(offer.response).toBe('From our offer "Sourdough class": "A hands-on morning class."\n$85 · 3 hours · https://b.example/c');
    expect(offer.relatedOffers).toHaveLength(1);
    expect(contactQuote([hit({ kind: 'profile', title: 'Business hours', passage: 'Open 7 to 6.' })]).response).toBe('From our business hours: "Open 7 to 6."');
  });

  it('says nothing matched when there is nothing', () => {
    expect(contactQuote([])).toMatchObject({ mode: 'none', confidence: 0 });
  });
});
