import { describe, expect, it } from 'vitest';
import type { KnowledgeEntry } from '@contracts/knowledge';
import { dollarsToCents, draftFromEntry, draftToBody, emptyDraft } from './entry-draft';

const offer: KnowledgeEntry = {
  id: '1',
  kind: 'offer',
  questionId: null,
  title: 'Sprint',
  body: 'Calls',
  priceCents: 49_950,
  duration: '6 weeks',
  url: 'https://x.example',
  author: null,
  source: 'typed',
  sourceUrl: null,
  visibility: 'public',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('entry draft', () => {
  it('turns typed dollars into cents and refuses anything else', () => {
    expect([dollarsToCents('49'), dollarsToCents('$1,299.50'), dollarsToCents(' '), dollarsToCents('4.999'), dollarsToCents('-3')]).toEqual([
      4900,
      129_950,
      null,
      'invalid',
      'invalid',
    ]);
  });

  it('round-trips an offer through the form', () => {
    const d = draftFromEntry(offer);
    expect(d.price).toBe('499.50');
    expect(draftToBody('offer', d, true)).toEqual({
      body: { name: 'Sprint', description: 'Calls', priceCents: 49_950, duration: '6 weeks', link: 'https://x.example', visibility: 'public' },
    });
  });

  it('sends the kind only when creating, and a profile question only then', () => {
    expect(draftToBody('faq', { ...emptyDraft, question: 'Q', answer: 'A' }, false)).toEqual({
      body: { kind: 'faq', question: 'Q', answer: 'A', visibility: 'public' },
    });
    expect(draftToBody('profile', { ...emptyDraft, questionId: 'returns', answer: '30 days' }, true)).toEqual({
      body: { answer: '30 days', visibility: 'public' },
    });
    expect(draftToBody('offer', { ...emptyDraft, name: 'X', price: 'cheap' }, false)).toEqual({ priceError: 'Enter a price like 49 or 49.99' });
  });

  it('gives a new entry its kind’s visibility until one is chosen: documents internal, the rest public', () => {
    expect(draftToBody('document', { ...emptyDraft, title: 'T', text: 'X' }, false)).toEqual({
      body: { kind: 'document', title: 'T', text: 'X', visibility: 'internal' },
    });
    expect(draftToBody('document', { ...emptyDraft, title: 'T', text: 'X', visibility: 'public' }, false)).toMatchObject({ body: { visibility: 'public' } });
    expect(draftToBody('testimonial', { ...emptyDraft, quote: 'Q', author: 'A' }, false)).toMatchObject({ body: { visibility: 'public' } });
    expect(draftFromEntry({ ...offer, visibility: 'internal' }).visibility).toBe('internal');
  });
});
