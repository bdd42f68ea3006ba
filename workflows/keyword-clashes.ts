import type { KeywordClash } from '../contracts/comment-rules';
import { matchKeyword } from './match-keywords';

interface Other {
  with: 'rule' | 'flow';
  id: string;
  name: string;
  /** Empty = answers every comment (a flow trigger without keywords). */
  keywords: string[];
}

/**
 * Which of `keywords` another automation would also answer: two keywords overlap when a comment
 * made of one would match the other (same word, or one a whole-word part of the other: "price" and
 * "the price"). Pure; the caller picks the others (active, same platform).
 */
export function keywordClashes(keywords: string[], others: Other[]): KeywordClash[] {
  const clashes: KeywordClash[] = [];
  for (const other of others) {
    for (const keyword of keywords) {
      const theirs =
        other.keywords.length === 0 ? 'every comment' : other.keywords.find((k) => matchKeyword(keyword, [k]) !== null || matchKeyword(k, [keyword]) !== null);
      if (theirs) clashes.push({ keyword, with: other.with, id: other.id, name: other.name, theirs });
    }
  }
  return clashes;
}
