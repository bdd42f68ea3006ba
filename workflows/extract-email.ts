/**
 * The first email-looking token of a text ("sure, it's Ana@Example.com!" → "Ana@Example.com"), or
 * null. Looks like: a local part of letters, digits and . _ % + -, an @, and a domain of labels with a
 * final label of 2+ letters; the sentence's punctuation around it is not part of it. Case is kept
 * (leads match emails case-insensitively).
 */
export function extractEmail(text: string): string | null {
  const match = /[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}/.exec(text);
  if (!match || match[0].length > 320) return null;
  return match[0];
}
