import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './leads.csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555', "'+1 555"],
    ['-2', "'-2"],
    ['@handle', "'@handle"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(csvField(input)).toBe(output);
  });

  it('writes null as empty and numbers as they are', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });
});

describe('csvRow', () => {
  it('writes value in dollars and ends with CRLF', () => {
    const row = csvRow({
      id: 'i',
      name: 'Ann, Jr.',
      email: null,
      socialHandle: '@ann',
      source: 'manual',
      status: 'new',
      score: 18,
      value: 123456,
      notes: '',
      contactId: null,
      conversationId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(row).toBe(`i,"Ann, Jr.",,'@ann,manual,new,18,1234.56,,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z\r\n`);
  });
});
