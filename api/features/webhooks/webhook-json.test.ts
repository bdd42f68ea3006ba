import { describe, expect, it } from 'vitest';
import { findJsonProblem } from '../../../contracts/json-safety';
import { rawJsonIsStorable } from './webhook-json';

const judge = (text: string) => rawJsonIsStorable(Buffer.from(text, 'utf8'), 64);

describe('storable JSON judged from its bytes', () => {
  it('passes an ordinary webhook body, UTF-8 text and brackets inside strings included', () => {
    expect(judge('{"object":"instagram","entry":[{"id":"1","time":1,"changes":[{"field":"comments","value":{"text":"é [ok] {x}"}}]}]}')).toBe(true);
  });

  it('refuses every body whose parsed value the walk would have to fix, and only sends more to the walk', () => {
    for (const text of ['{"t":"a\\u0000b"}', '{"t":"\\ud800"}', '{"t":"\\udc00x"}', `${'['.repeat(65)}${']'.repeat(65)}`]) {
      expect(findJsonProblem(JSON.parse(text), { maxDepth: 64 })).not.toBeNull();
      expect(judge(text)).toBe(false);
    }
    // A harmless escape or many sibling brackets: walked, although storable.
    expect(judge('{"t":"\\u00e9"}')).toBe(false);
    expect(judge(`[${'[],'.repeat(70)}[]]`)).toBe(false);
    expect(judge(`${'['.repeat(64)}${']'.repeat(64)}`)).toBe(true);
  });

  it('invalid UTF-8 (a CESU-encoded surrogate) decodes to U+FFFD, which is storable', () => {
    const raw = Buffer.concat([Buffer.from('{"t":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    expect(rawJsonIsStorable(raw)).toBe(true);
    expect(findJsonProblem(JSON.parse(raw.toString('utf8')), { maxDepth: 64 })).toBeNull();
  });
});
