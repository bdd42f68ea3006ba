/**
 * What the fuzzer sends to one route: bodies that are not JSON, not objects, or objects whose every
 * field (found by walking a valid sample) is swapped for a hostile value. Bodies are JSON *text*,
 * so values JSON.stringify cannot produce (10,000 levels, 1e999) are spliced in as raw text.
 */
export interface FuzzCase {
  label: string;
  /** Raw request body; undefined = no body at all. */
  body?: string;
  /** Content-Type to send; undefined = application/json when there is a body. */
  contentType?: string;
  headers?: Record<string, string>;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

const MARK = '__fuzz_mark__';
const nest = (depth: number, open: string, close: string, leaf = '1') => open.repeat(depth) + leaf + close.repeat(depth);
export const deepObject = (depth: number) => nest(depth, '{"a":', '}');
export const deepArray = (depth: number) => nest(depth, '[', ']');

/** Strings PostgreSQL refuses (NUL) or JavaScript cannot encode as UTF-8 (lone surrogates), and sizes. */
const hostileStrings: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['lone high surrogate', 'x\ud800'],
  ['lone low surrogate', '\udc00y'],
  ['100k chars', 'A'.repeat(100_000)],
];

/** Route-independent bodies: every route must answer these with a 4xx (or ignore them). */
export function genericCases(sample: Json): FuzzCase[] {
  const valid = JSON.stringify(sample);
  return [
    { label: 'malformed JSON', body: '{"a":' },
    { label: 'empty body, JSON type', body: '' },
    { label: 'no body' },
    ...['null', '[]', '"text"', '0', 'true', '{}', '1e999', '[{"a":"\\u0000"}]', '{"\\u0000":"k"}', '{"k":"\\ud800"}'].map((body) => ({
      label: `body ${body}`,
      body,
    })),
    { label: 'object nested 10,000 levels', body: deepObject(10_000) },
    { label: 'array nested 10,000 levels', body: deepArray(10_000) },
    { label: 'object nested 100,000 levels', body: deepObject(100_000) },
    { label: 'valid sample as text/plain', body: valid, contentType: 'text/plain' },
    { label: 'valid sample as application/vnd.api+json', body: valid, contentType: 'application/vnd.api+json' },
    { label: 'valid sample, charset=utf-16', body: valid, contentType: 'application/json; charset=utf-16' },
    { label: 'bad gzip body', body: 'notgzip', headers: { 'content-encoding': 'gzip' } },
    { label: 'unknown content-encoding', body: valid, headers: { 'content-encoding': 'snappy' } },
    { label: 'valid sample', body: valid },
  ];
}

/** Every field of the sample (objects, arrays and leaves), replaced one at a time. */
export function fieldCases(sample: Json): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const [path, value] of walk(sample)) {
    if (path.length === 0) continue;
    const at = path.join('.');
    const raw = (label: string, text: string) => cases.push({ label: `${at}: ${label}`, body: splice(sample, path, text) });
    if (typeof value === 'string') for (const [label, s] of hostileStrings) raw(label, JSON.stringify(s));
    if (typeof value === 'number') for (const n of ['1e999', '-1e999', '123456789012345678901234567890', '0.5', '-1']) raw(n, n);
    for (const wrong of [null, 12345, 'x', {}, []]) {
      if (typeof wrong === typeof value && Array.isArray(wrong) === Array.isArray(value)) continue;
      raw(`wrong type ${JSON.stringify(wrong)}`, JSON.stringify(wrong));
    }
    raw('nested 10,000 levels', deepObject(10_000));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      raw('NUL in a key', JSON.stringify({ ...value, 'k\u0000': 1 }));
      raw('lone surrogate in a key', JSON.stringify({ ...value, '\ud800': 1 }));
    }
  }
  return cases;
}

/** A sample for routes nobody described: the fields most routes read, so hostile values reach them. */
export const genericSample: Json = {
  name: 'x',
  text: 'x',
  content: 'x',
  message: 'x',
  email: 'a@example.com',
  id: 'x',
  value: 1,
  data: { a: 'x' },
  items: ['x'],
};

function* walk(value: Json, path: Path = []): Generator<[Path, Json]> {
  yield [path, value];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, [...path, i]);
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, [...path, k]);
}

/** The sample's JSON text with the value at `path` replaced by raw JSON text. */
function splice(sample: Json, path: Path, rawJson: string): string {
  const copy = structuredClone(sample) as Record<string | number, Json>;
  let at: Record<string | number, Json> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, Json>;
  at[path[path.length - 1]!] = MARK;
  return JSON.stringify(copy).replace(JSON.stringify(MARK), () => rawJson);
}

/** Hostile path parameters: NUL, a malformed escape, an encoded surrogate (invalid UTF-8), a long id. */
export const hostileParams: [string, string][] = [
  ['%00', '%00'],
  ['%ff', '%ff'],
  ['encoded surrogate', '%ED%A0%80'],
  ['10k chars', 'a'.repeat(10_000)],
];

/** A query string with hostile values for the keys list routes read. */
export const hostileQueries: [string, string][] = [
  ['NUL in query values', 'cursor=%00&limit=%00&search=a%00b&before=%00&flowId=%00&status=%00&accountId=%00&platform=%00&q=%00'],
  ['malformed escapes in query', 'cursor=%ff&search=%E0%A4&limit=%&status=%ED%A0%80'],
  ['huge and repeated query values', `limit=1e999&limit=2&cursor=${'9'.repeat(5000)}&search=${'a'.repeat(5000)}`],
];
