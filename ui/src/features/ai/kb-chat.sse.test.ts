import { describe, expect, it } from 'vitest';
import { createSseDecoder } from './kb-chat.sse';

function decodeAll(chunks: string[]): string[] {
  const decoder = createSseDecoder();
  return [...chunks.flatMap((c) => decoder.push(c)), ...decoder.flush()];
}

describe('SSE decoder', () => {
  it('delivers each event data once its blank line arrives', () => {
    const decoder = createSseDecoder();
    expect(decoder.push('data: {"type":"token","text":"Hel"}\n')).toEqual([]);
    expect(decoder.push('\ndata: {"type":"token","text":"lo"}\n\n')).toEqual(['{"type":"token","text":"Hel"}', '{"type":"token","text":"lo"}']);
  });

  it('reassembles an event split anywhere across chunks', () => {
    const stream = 'data: {"a":1}\n\ndata: {"b":2}\n\n';
    for (let cut = 1; cut < stream.length; cut += 1) {
      expect(decodeAll([stream.slice(0, cut), stream.slice(cut)])).toEqual(['{"a":1}', '{"b":2}']);
    }
  });

  it('accepts CRLF and CR line endings, including a CRLF split between chunks', () => {
    expect(decodeAll(['data: one\r\n\r\ndata: two\r\r'])).toEqual(['one', 'two']);
    expect(decodeAll(['data: one\r', '\n\r', '\ndata: two\r\n\r\n'])).toEqual(['one', 'two']);
  });

  it('joins several data lines with a newline and ignores comments and other fields', () => {
    expect(decodeAll([': keep-alive\n\nevent: message\nid: 7\ndata: line 1\ndata:line 2\nretry: 100\n\n'])).toEqual(['line 1\nline 2']);
  });

  it('keeps a space that is part of the value (only the first is the separator)', () => {
    expect(decodeAll(['data:  two spaces\n\n'])).toEqual([' two spaces']);
  });

  it('still delivers a last event when the stream ends without a blank line', () => {
    expect(decodeAll(['data: {"type":"done"}'])).toEqual(['{"type":"done"}']);
    expect(decodeAll(['data: last\n'])).toEqual(['last']);
  });

  it('ignores blank lines that close no data', () => {
    expect(decodeAll(['\n\n\n'])).toEqual([]);
  });
});
