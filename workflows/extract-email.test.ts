import { describe, expect, it } from 'vitest';
import { extractEmail } from './extract-email';

describe('extractEmail', () => {
  it('finds the first email in a sentence, without the punctuation around it', () => {
    expect(extractEmail("sure, it's ana@example.com")).toBe('ana@example.com');
    expect(extractEmail('Mail me: <Ana.Lopez+shop@mail.example.co.uk>. Or bob@example.org')).toBe('Ana.Lopez+shop@mail.example.co.uk');
    expect(extractEmail('ana@example.com.')).toBe('ana@example.com');
  });

  it('answers null when there is no email-looking token', () => {
    for (const text of ['', 'no thanks', 'ana@', '@example.com', 'ana@localhost', 'ana@example.c', 'ana at example dot com']) {
      expect(extractEmail(text)).toBeNull();
    }
  });
});
