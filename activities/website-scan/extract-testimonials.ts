import type { CheerioAPI } from 'cheerio';
import type { ScannedTestimonial } from '../../contracts/website-scan';
import { hasType, jsonLdNodes, ldText } from './json-ld';

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
/** "— Jane D., Austin" → "Jane D., Austin". */
const cleanAuthor = (s: string) =>
  clean(s)
    .replace(/^[-–—~\s]+/, '')
    .trim();

/**
 * Quotes the site marks as testimonials: JSON-LD Reviews (reviewBody + author), and HTML
 * `.testimonial` blocks or `<blockquote>`s that name who said it (`<cite>`, `<figcaption>`,
 * `<footer>`, `.author`). A quote without an author is not a testimonial: it could be anything.
 */
export function extractTestimonials($: CheerioAPI, pageUrl: string): ScannedTestimonial[] {
  const found: ScannedTestimonial[] = [];
  for (const node of jsonLdNodes($)) {
    if (!hasType(node, 'Review')) continue;
    const quote = ldText(node.reviewBody) ?? ldText(node.description);
    const author = ldText(node.author);
    if (quote && author) found.push({ quote: clean(quote), author: cleanAuthor(author), sourceUrl: pageUrl });
  }
  const authorSelector = 'cite, figcaption, footer, .author, .testimonial-author, [itemprop="author"]';
  $('.testimonial, [class*="testimonial-card"], figure:has(blockquote), blockquote').each((_, el) => {
    const box = $(el);
    // A blockquote inside a .testimonial/figure is handled with its container.
    if (box.is('blockquote') && box.parents('.testimonial, figure').length > 0) return;
    const authorEl = box.find(authorSelector).first();
    const author = authorEl.length ? cleanAuthor(authorEl.text()) : '';
    if (!author) return;
    const quoteEl = box.is('blockquote') ? box.clone() : box.find('blockquote, q, p').first().clone();
    quoteEl.find(authorSelector).remove();
    const quote = clean(quoteEl.text())
      .replace(/^["“]|["”]$/g, '')
      .trim();
    if (quote.length >= 10) found.push({ quote, author, sourceUrl: pageUrl });
  });
  return found;
}
