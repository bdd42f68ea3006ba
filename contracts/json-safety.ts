import type { z } from 'zod';

/**
 * Text PostgreSQL cannot store, and JSON nested past what our code can walk.
 * PostgreSQL refuses U+0000 in text and jsonb (22021 / 22P05), and a UTF-16 surrogate
 * without its pair has no UTF-8 form (jsonb answers 22P02). JSON.stringify recurses, so a value
 * nested a few thousand levels deep overflows the stack. Everything here walks iteratively: the
 * input is exactly what an attacker controls, so it must not be able to overflow this code either.
 */

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, 'g');

export const NUL_MESSAGE = 'Text must not contain NUL characters (U+0000)';
export const SURROGATE_MESSAGE = 'Text must not contain unpaired UTF-16 surrogates';

/** Why PostgreSQL would refuse this string, or null when it can be stored. */
export function unsafeTextReason(s: string): string | null {
  const m = UNSAFE_TEXT.exec(s);
  if (!m) return null;
  return m[0] === '\u0000' ? NUL_MESSAGE : SURROGATE_MESSAGE;
}

/** The string with every NUL and lone surrogate replaced by U+FFFD (what a UTF-8 decoder does). */
export function toStorableText(s: string): string {
  return UNSAFE_TEXT.test(s) ? s.replace(UNSAFE_TEXT_ALL, '\ufffd') : s;
}

export interface JsonProblem {
  /** Zod-style path to the offending value (or to the key, for a bad key). */
  path: (string | number)[];
  message: string;
}

export interface JsonBounds {
  /** Containers deep; the value itself is depth 1 when it is an object or array. */
  maxDepth: number;
  /** About the length of its JSON text, counted as the walk goes (strings, keys, punctuation). */
  maxChars?: number;
}

interface Frame {
  value: unknown;
  depth: number;
  key: string | number | null;
  parent: Frame | null;
}

const pathOf = (frame: Frame | null, last?: string | number): (string | number)[] => {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let f = frame; f && f.key !== null; f = f.parent) path.unshift(f.key);
  return path;
};

/**
 * The first problem in a parsed JSON value: a string or key PostgreSQL refuses, nesting past
 * `maxDepth`, or more than `maxChars` of it. Depth-first with an explicit stack, so any depth is
 * safe to inspect; it stops at the bound, so paths stay short.
 */
export function findJsonProblem(root: unknown, bounds: JsonBounds): JsonProblem | null {
  const maxChars = bounds.maxChars ?? Infinity;
  let chars = 0;
  const stack: Frame[] = [{ value: root, depth: 0, key: null, parent: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value === 'string') {
      chars += value.length + 2;
      const reason = unsafeTextReason(value);
      if (reason) return { path: pathOf(frame), message: reason };
    } else if (value !== null && typeof value === 'object') {
      const depth = frame.depth + 1;
      if (depth > bounds.maxDepth) return { path: pathOf(frame), message: `Nested more than ${bounds.maxDepth} levels deep` };
      chars += 2;
      const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
      // Reversed so the walk reports the first problem in document order.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (typeof key === 'string') {
          chars += key.length + 3;
          const reason = unsafeTextReason(key);
          if (reason) return { path: pathOf(frame, key), message: `Field name: ${reason}` };
        }
        stack.push({ value: child, depth, key, parent: frame });
      }
    } else {
      chars += 8;
    }
    // Reported at the value as a whole: no one field is "the" large one.
    if (chars > maxChars) return { path: [], message: `Larger than ${maxChars.toLocaleString('en-US')} characters` };
  }
  return null;
}

/**
 * Free-form JSON the API accepts (a node's `config`, its `style`): checked for depth, size and
 * storable text before anything serialises it. 20 levels and 64k characters are far above any
 * node kind's config (the webhook node's is 3 levels, ~55k characters at its field limits).
 */
export function boundedJson<S extends z.ZodType>(schema: S, bounds: JsonBounds = { maxDepth: 20, maxChars: 64_000 }) {
  return schema.superRefine((value, ctx) => {
    const problem = findJsonProblem(value, bounds);
    if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
}

export const TOO_DEEP_PLACEHOLDER = '[nested too deep]';

/**
 * A copy of a JSON value that PostgreSQL and JSON.stringify can always take: NUL and lone
 * surrogates in strings and keys become U+FFFD, and containers nested deeper than `maxDepth` become
 * TOO_DEEP_PLACEHOLDER. Iterative, so the depth of the input does not matter. A value with nothing
 * to fix is returned as it is.
 */
export function toStorableJson<T>(root: T, maxDepth = 64): T {
  // Almost every payload is already storable: one read-only walk, and no copy (this runs on every
  // webhook delivery, at the route and again at ingest).
  if (findJsonProblem(root, { maxDepth }) === null) return root;
  const holder: Record<string | number, unknown> = {};
  const stack: { value: unknown; into: Record<string | number, unknown>; key: string | number; depth: number }[] = [
    { value: root, into: holder, key: 'value', depth: 1 },
  ];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { into, key, depth } = frame;
    // As JSON.stringify does: a Date (or anything with toJSON) is stored as what toJSON returns.
    const raw = frame.value as { toJSON?: (key: string) => unknown } | null | undefined;
    const value: unknown = typeof raw?.toJSON === 'function' ? raw.toJSON(String(key)) : raw;
    let copy: unknown = value;
    if (typeof value === 'string') copy = toStorableText(value);
    else if (value !== null && typeof value === 'object' && depth > maxDepth) copy = TOO_DEEP_PLACEHOLDER;
    else if (Array.isArray(value)) {
      const items: unknown[] = new Array<unknown>(value.length);
      value.forEach((v, i) => stack.push({ value: v, into: items as unknown as Record<number, unknown>, key: i, depth: depth + 1 }));
      copy = items;
    } else if (value !== null && typeof value === 'object') {
      const fields: Record<string, unknown> = {};
      // Pushed last-first so keys are set in their original order: payload hashes (Meta event keys) must not change.
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], into: fields, key: toStorableText(entries[i]![0]), depth: depth + 1 });
      copy = fields;
    }
    // defineProperty, not assignment: a "__proto__" key from JSON.parse must stay a plain field.
    Object.defineProperty(into, key, { value: copy, enumerable: true, writable: true, configurable: true });
  }
  return holder.value as T;
}
