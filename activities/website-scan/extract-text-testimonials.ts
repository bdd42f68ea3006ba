import type { CheerioAPI } from 'cheerio';
import type { ScannedTestimonial } from '../../contracts/website-scan';
import { ancestors, contentTextNodes, descendants, isBlock, rootOf, siblingWithText, tagOf, textOf, type DomNode } from './html-blocks';

/** Each opening quotation mark and the mark that closes it. */
const pairs: Record<string, string> = { '"': '"', '“': '”', '„': '“', '«': '»', '‘': '’', "'": "'" };
/** A line that opens with a quotation mark: the quote (up to its last closing mark) and what follows it. */
function splitQuote(line: string): { quote: string; tail: string } | null {
  const close = pairs[line.charAt(0)];
  if (!close) return null;
  // The last closing mark not followed by a letter, so "can't" inside 'I can't wait' is not the end.
  const m = new RegExp(`^.(.{10,1000})${close}(?!\\p{L})\\s*(.*)$`, 'u').exec(line);
  return m ? { quote: m[1]!.trim(), tail: m[2]!.trim() } : null;
}
const dash = /^[-–—―~]+\s*/;
/** Words that start a call to action, not a name. */
const notAName = /^(read|book|learn|see|view|more|click|join|shop|buy|get|sign|contact|call)\b/i;

/** A person (and maybe where they are from): "Maria K.", "Tom, Leith", "Priya S., member since 2021". */
function asAuthor(raw: string): string | null {
  const author = raw.replace(dash, '').trim();
  if (author.length < 2 || author.length > 80 || author.split(/\s+/).length > 8) return null;
  if (!/^\p{Lu}/u.test(author) || /["“”«»]/.test(author) || notAName.test(author)) return null;
  return author;
}

/** Whether a line is set apart as a name: in bold, a citation, or an element whose class says so. */
function looksLikeByline(n: DomNode): boolean {
  if (/author|name|cite|byline|reviewer|customer/i.test(n.attribs?.class ?? '')) return true;
  const inner = descendants(n).filter((d) => ['strong', 'b', 'cite', 'em', 'small'].includes(tagOf(d)));
  return inner.length > 0 && inner.map(textOf).join(' ').replace(/\s+/g, ' ').trim().length >= textOf(n).replace(/[-–—,.\s]/g, '').length * 0.5;
}

/**
 * Reviews written as plain text, for sites that do not mark them up: a line in quotation marks
 * followed by a dash and a name (“Lovely teachers.” – Maria K.), or a quoted line whose next line
 * is the name (after a dash, or set in bold, as a citation, or in an element named as the author).
 * A quote with nobody named is not a testimonial. Quotes inside blockquote, figure or .testimonial
 * are the structured extractor's (extract-testimonials.ts). Does not change `$`.
 */
export function extractTextTestimonials($: CheerioAPI, pageUrl: string): ScannedTestimonial[] {
  const found: ScannedTestimonial[] = [];
  const seen = new Set<DomNode>();
  for (const t of contentTextNodes(rootOf($))) {
    if (!/[“"„«‘']/.test(t.data ?? '')) continue;
    const line = ancestors(t).find(isBlock);
    if (!line || seen.has(line)) continue;
    seen.add(line);
    if (ancestors(line).some((a) => ['blockquote', 'figure'].includes(tagOf(a)) || /\btestimonial\b/.test(a.attribs?.class ?? ''))) continue;
    if (['blockquote', 'figure'].includes(tagOf(line))) continue;
    const split = splitQuote(textOf(line));
    if (!split) continue;
    const { quote, tail } = split;
    let author: string | null = null;
    if (tail) {
      // The name must follow a dash in the same line: "…" as one member put it is not a byline.
      if (dash.test(tail)) author = asAuthor(tail);
    } else {
      const next = siblingWithText(line, 1);
      const nextText = next ? textOf(next) : '';
      if (next && (dash.test(nextText) || looksLikeByline(next))) author = asAuthor(nextText);
    }
    if (author) found.push({ quote, author, sourceUrl: pageUrl });
  }
  return found;
}
