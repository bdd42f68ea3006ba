import type { CheerioAPI } from 'cheerio';

/**
 * The few DOM facts the plain-text extractors need (cheerio's nodes are domhandler's; this is their
 * shape, so no second HTML library is needed to name them).
 */
export interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  parent: DomNode | null;
  children?: DomNode[];
}

/** What a visitor never reads as content: code, navigation, header and footer chrome, forms. */
const chromeTags = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'nav', 'header', 'footer', 'aside', 'form', 'head']);
/** Elements that start a line of their own. */
const blockTags = new Set([
  'p',
  'li',
  'tr',
  'dd',
  'dt',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'div',
  'section',
  'article',
  'main',
  'body',
  'ul',
  'ol',
  'dl',
  'table',
  'tbody',
  'thead',
  'caption',
  'figure',
  'figcaption',
  'blockquote',
]);
/** Separated from their neighbours by a space when read as text. */
const spacedTags = new Set([...blockTags, 'td', 'th', 'br']);

export const isElement = (n: DomNode | null | undefined): n is DomNode => Boolean(n && (n.type === 'tag' || n.type === 'script' || n.type === 'style'));
export const tagOf = (n: DomNode | null | undefined): string => (isElement(n) ? (n.name ?? '').toLowerCase() : '');
export const isHeading = (n: DomNode | null | undefined): boolean => /^h[1-6]$/.test(tagOf(n));
export const isBlock = (n: DomNode | null | undefined): boolean => blockTags.has(tagOf(n));

export function isChrome(n: DomNode): boolean {
  if (!isElement(n)) return false;
  const a = n.attribs ?? {};
  return chromeTags.has(tagOf(n)) || a.role === 'navigation' || a['aria-hidden'] === 'true';
}

/** The document's root node, for walking. */
export function rootOf($: CheerioAPI): DomNode {
  return $.root()[0] as unknown as DomNode;
}

/** Every text node outside chrome, in document order. */
export function contentTextNodes(root: DomNode): DomNode[] {
  const out: DomNode[] = [];
  const visit = (n: DomNode) => {
    if (n.type === 'text') {
      out.push(n);
      return;
    }
    if (isChrome(n)) return;
    for (const c of n.children ?? []) visit(c);
  };
  visit(root);
  return out;
}

/** The text a reader sees in `n`: cells, blocks and line breaks become spaces; whitespace collapsed. */
export function textOf(n: DomNode): string {
  const parts: string[] = [];
  const visit = (x: DomNode) => {
    if (x.type === 'text') return void parts.push(x.data ?? '');
    if (isChrome(x)) return;
    const spaced = spacedTags.has(tagOf(x));
    if (spaced) parts.push(' ');
    for (const c of x.children ?? []) visit(c);
    if (spaced) parts.push(' ');
  };
  visit(n);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** `n`'s ancestors, nearest first. */
export function ancestors(n: DomNode): DomNode[] {
  const out: DomNode[] = [];
  for (let p = n.parent; p; p = p.parent) out.push(p);
  return out;
}

/** The nearest element sibling before (-1) or after (1) `n` that has any text, or null. */
export function siblingWithText(n: DomNode, step: -1 | 1): DomNode | null {
  const list = n.parent?.children ?? [];
  for (let i = list.indexOf(n) + step; i >= 0 && i < list.length; i += step) {
    const s = list[i]!;
    if (s.type === 'text' && !(s.data ?? '').trim()) continue;
    if (!isElement(s) || isChrome(s)) return null;
    if (textOf(s)) return s;
  }
  return null;
}

/** Elements under `n` (not `n` itself) in document order, chrome skipped. */
export function descendants(n: DomNode): DomNode[] {
  const out: DomNode[] = [];
  const visit = (x: DomNode) => {
    for (const c of x.children ?? []) {
      if (!isElement(c) || isChrome(c)) continue;
      out.push(c);
      visit(c);
    }
  };
  visit(n);
  return out;
}

export function contains(outer: DomNode, inner: DomNode): boolean {
  for (let p: DomNode | null = inner; p; p = p.parent) if (p === outer) return true;
  return false;
}
