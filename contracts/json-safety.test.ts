import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedJson, findJsonProblem, toStorableJson, toStorableText, unsafeTextReason } from './json-safety';

const nested = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

describe('text PostgreSQL cannot store', () => {
  it('finds NUL and unpaired surrogates, and leaves pairs (emoji) alone', () => {
    expect(unsafeTextReason('a\u0000b')).toMatch(/NUL/);
    expect(unsafeTextReason('\ud800')).toMatch(/surrogate/);
    expect(unsafeTextReason('x\udc00')).toMatch(/surrogate/);
    expect(unsafeTextReason('\udc00\ud800')).toMatch(/surrogate/); // reversed pair
    expect(unsafeTextReason('👋 café')).toBeNull();
    expect(toStorableText('a\u0000b\ud800👋\udc00')).toBe('a\ufffdb\ufffd👋\ufffd');
  });
});

describe('findJsonProblem', () => {
  it('reports the first bad string or key in document order, with its path', () => {
    expect(findJsonProblem({ a: ['ok', 'b\u0000'], z: '\ud800' }, { maxDepth: 10 })).toEqual({ path: ['a', 1], message: expect.stringMatching(/NUL/) });
    expect(findJsonProblem({ a: { 'k\ud800': 1 } }, { maxDepth: 10 })).toEqual({
      path: ['a', 'k\ud800'],
      message: expect.stringMatching(/^Field name:.*surrogate/),
    });
    expect(findJsonProblem({ a: [1, true, null, 'fine'] }, { maxDepth: 10 })).toBeNull();
  });

  it('stops at the depth bound without recursing, whatever the depth', () => {
    expect(findJsonProblem(nested(20), { maxDepth: 20 })).toBeNull();
    expect(findJsonProblem(nested(21), { maxDepth: 20 })?.message).toBe('Nested more than 20 levels deep');
    expect(findJsonProblem(nested(200_000), { maxDepth: 64 })?.path).toHaveLength(64);
  });

  it('bounds size', () => {
    expect(findJsonProblem({ a: 'x'.repeat(100) }, { maxDepth: 5, maxChars: 50 })).toEqual({ path: [], message: 'Larger than 50 characters' });
  });
});

describe('boundedJson', () => {
  const schema = boundedJson(z.record(z.string(), z.unknown()), { maxDepth: 3 });
  it('keeps the wrapped type and refuses what is past the bound, naming the path', () => {
    expect(schema.parse({ a: { b: 1 } })).toEqual({ a: { b: 1 } });
    const r = schema.safeParse({ a: { b: { c: {} } } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['a', 'b', 'c']);
  });
});

describe('toStorableJson', () => {
  it('rewrites bad text in values and keys, cuts absurd nesting, and copies the rest as is', () => {
    const out = toStorableJson({ t: 'a\u0000', ['k\ud800']: [1, null, { d: new Date(0) }], deep: nested(100_000) }, 5);
    expect(out.t).toBe('a\ufffd');
    expect(out['k\ufffd' as 'k\ud800']).toEqual([1, null, { d: '1970-01-01T00:00:00.000Z' }]);
    expect(JSON.stringify(out.deep)).toBe('{"a":{"a":{"a":{"a":"[nested too deep]"}}}}');
  });

  it('keeps key order, so a payload serialises (and hashes) exactly as before', () => {
    const payload = JSON.parse('{"z":1,"a":{"y":[3,{"q":1,"b":2}],"c":"é"},"m":null}') as unknown;
    expect(JSON.stringify(toStorableJson(payload))).toBe(JSON.stringify(payload));
  });

  it('keeps a "__proto__" key from JSON.parse a plain field', () => {
    const out = toStorableJson(JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":true}}');
  });
});
