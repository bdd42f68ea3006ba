import { describe, expect, it } from 'vitest';
import { isHttpUrl, linkCodePattern, newLinkCode, planTrackedLinks } from './wrap-tracked-links';

const codes = () => {
  let n = 0;
  return () => `code${String(++n).padStart(8, '0')}`;
};

describe('planTrackedLinks', () => {
  it('wraps each distinct http(s) URL once, keeping sentence punctuation outside the link', () => {
    const r = planTrackedLinks('See https://a.example/x?y=1. Or (http://b.example/)! Again https://a.example/x?y=1', 'https://rp.example', codes());
    expect(r.text).toBe('See https://rp.example/l/code00000001. Or (https://rp.example/l/code00000002)! Again https://rp.example/l/code00000001');
    expect(r.links).toEqual([
      { code: 'code00000001', targetUrl: 'https://a.example/x?y=1' },
      { code: 'code00000002', targetUrl: 'http://b.example/' },
    ]);
  });

  it('leaves text without http(s) URLs, other schemes and our own links unchanged', () => {
    const text = 'example.com/prices, mailto:a@b.example, javascript:alert(1), https://rp.example/l/abcdefghijkl';
    expect(planTrackedLinks(text, 'https://rp.example', codes())).toEqual({ text, links: [] });
  });
});

describe('newLinkCode', () => {
  it('makes 12-character base62 codes that do not repeat', () => {
    const made = new Set(Array.from({ length: 2000 }, () => newLinkCode()));
    expect(made.size).toBe(2000);
    for (const c of made) expect(c).toMatch(linkCodePattern);
  });
});

describe('isHttpUrl', () => {
  it('accepts only http and https with a host', () => {
    expect(isHttpUrl('https://x.example/a')).toBe(true);
    expect(isHttpUrl('http://x.example')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://x.example')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
  });
});
