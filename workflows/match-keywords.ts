/**
 * Does `text` contain any keyword as a whole word or phrase, case-insensitively, after trimming?
 * "price" matches "Price?" and "what's the PRICE" but not "priceless". Returns the keyword hit.
 * Pure: used by comment rules now and by keyword triggers of flows.
 */
export function matchKeyword(text: string, keywords: readonly string[]): string | null {
  const haystack = normalise(text);
  for (const raw of keywords) {
    const kw = normalise(raw);
    if (!kw) continue;
    const pattern = new RegExp(`(^|[^\\p{L}\\p{N}_])${escapeRegExp(kw)}($|[^\\p{L}\\p{N}_])`, 'u');
    if (pattern.test(haystack)) return raw.trim();
  }
  return null;
}

function normalise(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
