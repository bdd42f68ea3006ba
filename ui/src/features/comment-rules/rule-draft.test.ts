import { describe, expect, it } from 'vitest';
import { addKeywords, canCreate, effectiveKeywords, emptyDraft, hasRequiredFields, MAX_KEYWORDS, previewTemplate, removeKeyword } from './rule-draft';

describe('keyword normalisation (docs/product-spec.md §5)', () => {
  it('trims, collapses inner spaces and ignores empty input', () => {
    expect(addKeywords([], '  price  ')).toEqual(['price']);
    expect(addKeywords([], 'how   much')).toEqual(['how much']);
    expect(addKeywords(['price'], '   ')).toEqual(['price']);
  });

  it('ignores duplicates in any letter case, keeping the first spelling', () => {
    expect(addKeywords(['Price'], 'price')).toEqual(['Price']);
    expect(addKeywords([], 'info, INFO, link')).toEqual(['info', 'link']);
  });

  it('stops at the maximum', () => {
    const many = Array.from({ length: MAX_KEYWORDS }, (_, i) => `k${i}`);
    expect(addKeywords(many, 'one-more')).toHaveLength(MAX_KEYWORDS);
  });

  it('removes a keyword', () => {
    expect(removeKeyword(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('rule form validity', () => {
  it('needs a keyword and a non-blank template', () => {
    const d = emptyDraft();
    expect(canCreate(d)).toBe(false);
    expect(canCreate({ ...d, keywords: ['price'] })).toBe(false);
    expect(canCreate({ ...d, keywords: ['price'], responseTemplate: '   ' })).toBe(false);
    expect(canCreate({ ...d, keywords: ['price'], responseTemplate: 'Hi!' })).toBe(true);
  });

  it('counts a keyword still in the input box', () => {
    const d = { ...emptyDraft(), keywordInput: ' price ', responseTemplate: 'Hi!' };
    expect(effectiveKeywords(d)).toEqual(['price']);
    expect(hasRequiredFields(d)).toBe(true);
  });

  it('a specific post needs its URL', () => {
    const d = { ...emptyDraft(), keywords: ['x'], responseTemplate: 'Hi', automationType: 'specific_post' as const };
    expect(canCreate(d)).toBe(false);
    expect(canCreate({ ...d, postUrl: 'https://instagram.com/p/abc' })).toBe(true);
  });
});

describe('previewTemplate', () => {
  it('fills {first_name}, {username} and {name}', () => {
    expect(previewTemplate('Hi {first_name} ({username}) aka {name}')).toBe('Hi Jane (@jane.doe) aka Jane Doe');
  });
});
