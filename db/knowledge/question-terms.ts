import { chatter, concepts } from './search-lexicon';

/**
 * A question → the terms the knowledge search looks for (db/knowledge/search-knowledge.ts). Pure.
 * Each term is one thing the question asks about: a word of its own (`exact`), and for a word of a
 * lexicon concept (search-lexicon.ts) the words an entry would use for it (`alts`). Both are
 * to_tsquery texts of letters and digits only (no operator can reach to_tsquery from a question).
 */
export interface QuestionTerm {
  /** The question's own words (a phrase's joined by &; several of one concept OR-ed), as a to_tsquery text. */
  exact: string;
  /** The concept's words, OR-ed ('' for a word outside the lexicon). */
  alts: string;
  /** A word outside the lexicon: dropped when it is an English, Spanish or German stop word. */
  plain: boolean;
  /** The word to correct from the knowledge base's titles when nothing holds it (a typo), or null. */
  fuzzy: string | null;
  /**
   * For a word outside the lexicon that is one or two letters from a lexicon word ("deliever"): that
   * word and its concept, searched instead only when no entry holds the word as typed ("coaching" is
   * two letters from "teaching", and stays "coaching" wherever an entry says it). Empty: none.
   */
  correctedExact: string;
  correctedAlts: string;
  /** 1, or less for a term recognised through a spelling correction. */
  weight: number;
  /** It asks for a price (the lexicon's price concept): an offer's own price answers it too. `correctedPrice`: its correction does. */
  price: boolean;
  correctedPrice: boolean;
}

/** At most this many terms per question (stop words included: the search drops those): the rest of a very long message is chatter. */
const MAX_TERMS = 40;

/** Lower case, accents off (é → e, ß → ss), words of letters and digits. */
export function normalise(text: string): string[] {
  const flat = text.toLowerCase().replace(/ß/g, 'ss').normalize('NFKD').replace(/\p{M}/gu, '');
  return flat.match(/[\p{L}\p{N}]+/gu) ?? [];
}

interface Trigger {
  concept: (typeof concepts)[number];
  words: string[];
}

/** Every ask and index word or phrase of the lexicon → its concept; longest phrases first when matching. */
// eslint-disable-next-line no-restricted-syntax -- a lookup table built once from the constant lexicon, not a registry of dependencies
const triggers = new Map<string, Trigger>();
for (const concept of concepts) {
  for (const phrase of [...concept.index, ...concept.ask]) {
    const words = normalise(phrase);
    const key = words.join(' ');
    if (words.length > 0 && !triggers.has(key)) triggers.set(key, { concept, words });
  }
}
const LONGEST_PHRASE = Math.max(...[...triggers.values()].map((t) => t.words.length));
/** Single lexicon words by length, for spelling corrections. */
const singleWords = [...triggers.keys()].filter((k) => !k.includes(' ') && k.length >= 4);

const tsWords = (words: string[]) => words.join(' & ');
const tsAlternatives = (phrases: string[]) => phrases.map((p) => `(${tsWords(normalise(p))})`).join(' | ');

/** Damerau-Levenshtein distance up to `max` (more → max + 1). Small words only. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}

/** The lexicon word a misspelt word most likely is: one edit for 5 to 7 letters, two from 8. */
function correction(word: string): { word: string; trigger: Trigger } | null {
  if (word.length < 5 || /\d/.test(word)) return null;
  const max = word.length >= 8 ? 2 : 1;
  let best: { key: string; d: number } | null = null;
  for (const key of singleWords) {
    const d = editDistance(word, key, max);
    if (d <= max && (!best || d < best.d)) best = { key, d };
  }
  return best ? { word: best.key, trigger: triggers.get(best.key)! } : null;
}

/**
 * A long word that is two lexicon words joined, with or without German's linking -s-, -es-, -n- or
 * -en- ("hochzeit|s|torte", "versand|kosten"): the two words, or null. Both parts have 3+ letters.
 */
function compoundParts(word: string): { word: string; trigger: Trigger }[] | null {
  if (word.length < 8 || triggers.has(word)) return null;
  for (let i = word.length - 3; i >= 3; i--) {
    const tail = triggers.get(word.slice(i));
    if (!tail) continue;
    const head = word.slice(0, i);
    for (const stem of [head, head.replace(/(?:s|es|n|en)$/, '')]) {
      const first = stem.length >= 3 ? triggers.get(stem) : undefined;
      if (first)
        return [
          { word: stem, trigger: first },
          { word: word.slice(i), trigger: tail },
        ];
    }
  }
  return null;
}

export function questionTerms(question: string): QuestionTerm[] {
  const words = normalise(question).filter((w) => !chatter.has(w));
  const byConcept = new Map<string, QuestionTerm & { own: Set<string> }>();
  const plain = new Map<string, QuestionTerm>();
  const terms: QuestionTerm[] = [];
  const addConcept = (t: Trigger, own: string[]) => {
    const weight = 1;
    const existing = byConcept.get(t.concept.id);
    if (existing) {
      for (const w of own) existing.own.add(w);
      existing.exact = [...existing.own].map((w) => `(${w})`).join(' | ');
      existing.weight = Math.max(existing.weight, weight);
      return;
    }
    const term = {
      exact: own.map((w) => `(${w})`).join(' | '),
      alts: tsAlternatives(t.concept.index),
      plain: false,
      fuzzy: null,
      weight,
      correctedExact: '',
      correctedAlts: '',
      price: t.concept.id === 'price',
      correctedPrice: false,
      own: new Set(own),
    };
    byConcept.set(t.concept.id, term);
    terms.push(term);
  };
  for (let i = 0; i < words.length;) {
    let matched = 0;
    for (let n = Math.min(LONGEST_PHRASE, words.length - i); n >= 1 && !matched; n--) {
      const t = triggers.get(words.slice(i, i + n).join(' '));
      // A phrase is searched as itself too ("gift card"); one of function words ("how much") finds nothing itself, the concept carries it.
      if (t) {
        addConcept(t, [words.slice(i, i + n).join(' & ')]);
        matched = n;
      }
    }
    if (matched) {
      i += matched;
      continue;
    }
    const w = words[i]!;
    i += 1;
    // A German compound of two lexicon words ("Hochzeitstorte", "Versandkosten"): both of them.
    const parts = compoundParts(w);
    if (parts) {
      for (const part of parts) addConcept(part.trigger, [part.word]);
      continue;
    }
    if (!plain.has(w)) {
      const fixed = correction(w);
      const term = {
        exact: w,
        alts: '',
        plain: true,
        fuzzy: w.length >= 4 && !/^\d+$/.test(w) ? w : null,
        weight: 1,
        correctedExact: fixed ? `(${fixed.word})` : '',
        correctedAlts: fixed ? tsAlternatives(fixed.trigger.concept.index) : '',
        price: false,
        correctedPrice: fixed?.trigger.concept.id === 'price',
      };
      plain.set(w, term);
      terms.push(term);
    }
  }
  return terms.slice(0, MAX_TERMS).map(({ exact, alts, plain: isPlain, fuzzy, weight, correctedExact, correctedAlts, price, correctedPrice }) => ({
    exact,
    alts,
    plain: isPlain,
    fuzzy,
    weight,
    correctedExact,
    correctedAlts,
    price,
    correctedPrice,
  }));
}
