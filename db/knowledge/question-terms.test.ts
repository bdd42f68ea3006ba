import { describe, expect, it } from 'vitest';
import { editDistance, normalise, questionTerms } from './question-terms';

const concept = (q: string, word: string) => questionTerms(q).find((t) => t.exact.includes(word));

describe('question terms', () => {
  it('lower-cases, drops accents and splits on anything but letters and digits', () => {
    expect(normalise('¿Cuánto cuesta? Öffnungszeiten, Straße & "café"')).toEqual(['cuanto', 'cuesta', 'offnungszeiten', 'strasse', 'cafe']);
  });

  it('searches a price word in any of three languages for the words an entry would use for a price', () => {
    for (const q of ['how much is it', 'what does it cost', '¿cuánto cuesta?', 'was kostet das', 'wie viel kostet das']) {
      const term = questionTerms(q).find((t) => t.alts.includes('(price)'));
      expect(term, q).toBeDefined();
      expect(term!.alts).toBe('(price) | (cost) | (fee) | (charge)');
    }
  });

  it('keeps a phrase as one term and searches it as itself too ("gift card")', () => {
    const gift = concept('do you sell gift cards', 'gift');
    expect(gift).toMatchObject({ exact: '(gift & cards)', alts: '(gift) | (voucher)', plain: false });
  });

  it('splits a German compound of two lexicon words', () => {
    const terms = questionTerms('Versandkosten?');
    expect(terms.map((t) => t.exact)).toEqual(['(versand)', '(kosten)']);
  });

  it('offers a spelling correction only as a fallback: the word as typed is searched first', () => {
    expect(concept('do u deliever cakes', 'deliever')).toMatchObject({ exact: 'deliever', plain: true, correctedExact: '(deliver)' });
    // Two letters from "teaching", but a word of its own: searched as typed, corrected only if no entry holds it.
    expect(concept('coaching program', 'coaching')).toMatchObject({ exact: 'coaching', correctedExact: '(teaching)' });
    expect(concept('cupcake prise', 'prise')?.correctedAlts).toContain('(price)');
  });

  it('drops the chatter of a DM and passes only letters and digits to the search', () => {
    const terms = questionTerms("hi!! thx :) what's ur price?? ' & | ! <-> :*");
    expect(terms.map((t) => t.exact)).toEqual(['what', 's', '(price)']);
    for (const t of terms) expect(`${t.exact} ${t.alts} ${t.correctedExact} ${t.correctedAlts}`).toMatch(/^[\p{L}\p{N} ()&|]*$/u);
  });

  it('measures edit distance with transpositions, and stops past the limit', () => {
    expect(editDistance('refnd', 'refund', 1)).toBe(1);
    expect(editDistance('wedidng', 'wedding', 1)).toBe(1);
    expect(editDistance('cat', 'catalogue', 2)).toBe(3);
  });
});
