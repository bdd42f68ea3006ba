import type { CheerioAPI } from 'cheerio';
import { MAX_DOCUMENT_CHARS } from '../../contracts/knowledge';

const chrome = 'script, style, noscript, template, svg, iframe, nav, header, footer, aside, form, [role="navigation"], [aria-hidden="true"]';
const blocks = 'p, h1, h2, h3, h4, h5, h6, li, dt, dd, tr, blockquote, section, article, div, br';

/** The page's `<title>`, else its first heading. */
export function extractTitle($: CheerioAPI): string {
  return ($('title').first().text() || $('h1').first().text()).replace(/\s+/g, ' ').trim();
}

/**
 * What a visitor reads on the page: `<main>` (or `<article>`, or the body) without navigation,
 * header, footer, scripts and styles, one line per block, capped at a document's length.
 * Mutates `$` (the chrome is removed), so run it after every other extraction.
 */
export function extractPageText($: CheerioAPI): string {
  $(chrome).remove();
  const root = $('main').first().length ? $('main').first() : $('article').first().length ? $('article').first() : $('body');
  root.find(blocks).each((_, el) => {
    $(el).append('\n');
  });
  const lines = root
    .text()
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return lines.join('\n').slice(0, MAX_DOCUMENT_CHARS);
}
