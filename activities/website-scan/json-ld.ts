import type { CheerioAPI } from 'cheerio';

/** A JSON-LD node: a plain object from a page's `application/ld+json` blocks. */
export type LdNode = Record<string, unknown>;

const isObject = (v: unknown): v is LdNode => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every node of every JSON-LD block, nested ones included (`@graph`, arrays, a Product's
 * `offers` and `review`), so callers can look for a type wherever a site put it. A block that is
 * not valid JSON is skipped: sites often ship broken ones, and one must not spoil the rest.
 */
export function jsonLdNodes($: CheerioAPI): LdNode[] {
  const out: LdNode[] = [];
  const visit = (v: unknown, depth: number) => {
    if (depth > 8) return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    if (!isObject(v)) return;
    out.push(v);
    for (const child of Object.values(v)) if (typeof child === 'object') visit(child, depth + 1);
  };
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      visit(JSON.parse($(el).text()), 0);
    } catch {
      // not JSON: ignored
    }
  });
  return out;
}

/** Whether a node's `@type` (a string or a list) includes one of `types`. */
export function hasType(node: LdNode, ...types: string[]): boolean {
  const t = node['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.some((x) => typeof x === 'string' && types.includes(x));
}

/** A text property (or the `name` of an object, e.g. `author: {name}`), trimmed; null when absent. */
export function ldText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return ldText(v[0]);
  if (isObject(v)) return ldText(v.name);
  return null;
}
