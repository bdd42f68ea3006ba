import type { CheerioAPI } from 'cheerio';
import type { ScannedOffer } from '../../contracts/website-scan';
import { ancestors, contains, contentTextNodes, descendants, isBlock, isHeading, rootOf, siblingWithText, tagOf, textOf, type DomNode } from './html-blocks';
import { findPrices, priceLabel, usdCents, type TextPrice } from './text-prices';

/** A site's own price list can be long; a menu of 200 items is not 200 offers worth asking about. */
const MAX_TEXT_OFFERS_PER_PAGE = 30;

/** Words around a price that make it a condition or a fee, not something for sale. */
const notAnOffer =
  /\b(shipping|delivery|postage|taxe?s?|vat|deposit|discount|coupon|save|saving|savings|off|over|under|above|below|minimum|orders?|subtotal|total|refunds?|spend|cashback)\b/i;
/** A label that names the price, not the thing: the nearby heading says what it is. */
const generic = /^(price|prices|pricing|cost|costs|fee|fees|rate|rates|only|from|now|just|each|per|starting|total|tuition)$/i;
/** Joining words between a name and its price: "Drop-in class: $22", "Sessions are $95", "Classes from $20". */
const trailingJoin = /(?:\s*(?:[:=|·•,–—-]|\b(?:is|are|costs?|priced at|at|for|from|only|just|starting at|starts at|now|was|will be)\b)\s*)+$/i;
const leadingJoin = /^(?:\s*(?:[:=|·•,–—-]|\b(?:for|per|each)\b)\s*)+/i;

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Whitespace and end punctuation trimmed from a phrase, and a bracket left open or closed at either end ("(valid for six months)"). */
function tidy(s: string): string {
  let t = s
    .replace(/\s+/g, ' ')
    .replace(/^[\s.,;:!]+|[\s.,;:!]+$/g, '')
    .trim();
  const count = (c: string) => t.split(c).length - 1;
  if (t.startsWith('(') && (t.endsWith(')') || count('(') > count(')'))) t = t.replace(/^\(/, '').replace(/\)$/, '');
  else if (t.endsWith(')') && count(')') > count('(')) t = t.slice(0, -1);
  return t.trim();
}

function usableName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const name = tidy(raw.replace(trailingJoin, '').replace(leadingJoin, ''));
  if (name.length < 2 || name.length > 80 || words(name) > 10 || !/\p{L}/u.test(name)) return null;
  if (generic.test(name) || notAnOffer.test(name)) return null;
  return name;
}

/** How many prices each element holds, counting each priced block once per price. */
function priceCounts(blocks: { node: DomNode; prices: TextPrice[] }[]): Map<DomNode, number> {
  const counts = new Map<DomNode, number>();
  for (const b of blocks) for (const n of [b.node, ...ancestors(b.node)]) counts.set(n, (counts.get(n) ?? 0) + b.prices.length);
  return counts;
}

/** The nearest block around a text node; a table cell stands for its whole row ("Yoga for runners | $45"). */
function blockOf(text: DomNode): DomNode | null {
  for (const a of ancestors(text)) {
    const tag = tagOf(a);
    if (tag === 'td' || tag === 'th') continue;
    if (isBlock(a)) return a;
  }
  return null;
}

/** The heading (or definition term) that labels `block` inside `card`, or just before the card. */
function labelFor(block: DomNode, card: DomNode, counts: Map<DomNode, number>): string | null {
  const before = siblingWithText(block, -1);
  if (before && (tagOf(before) === 'dt' || isHeading(before))) return textOf(before);
  const inCard = descendants(card).find((d) => isHeading(d) && !contains(d, block) && !contains(block, d));
  if (inCard) return textOf(inCard);
  const prev = siblingWithText(card, -1);
  if (prev && isHeading(prev) && !counts.get(prev)) return textOf(prev);
  return null;
}

/** What else the card says: its list items ("Every class; 10% off workshops") or its first other paragraph. */
function cardDetails(block: DomNode, card: DomNode, counts: Map<DomNode, number>): string | null {
  if (card === block) return null;
  const others = descendants(card).filter((d) => !contains(d, block) && !contains(block, d) && !isHeading(d) && !counts.get(d));
  const items = others
    .filter((d) => tagOf(d) === 'li')
    .map(textOf)
    .filter(Boolean);
  if (items.length) return items.slice(0, 8).join('; ');
  const para = others.find((d) => tagOf(d) === 'p' && textOf(d));
  return para ? textOf(para) : null;
}

function linkIn(card: DomNode, pageUrl: string): string | null {
  const a = [card, ...descendants(card)].find((d) => tagOf(d) === 'a' && d.attribs?.href);
  if (!a) return null;
  try {
    const u = new URL(a.attribs!.href!, pageUrl);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * Offers written as plain text, for sites without JSON-LD: each price in the page's content
 * ("Drop-in class: $22", a table row, a pricing card's "$129/month") named by the words before it
 * in its line, else by the heading of its card (the largest element around it holding no other
 * price) or the definition term before it. The card's list items or paragraph describe it, and its
 * first link is its address. Prices that are conditions or fees ("free delivery on orders over
 * $50", "save $10") and prices in navigation, headers, footers and scripts are not offers. Does
 * not change `$`.
 */
export function extractTextOffers($: CheerioAPI, pageUrl: string): ScannedOffer[] {
  const root = rootOf($);
  const seen = new Set<DomNode>();
  const candidates: { node: DomNode; text: string; prices: TextPrice[] }[] = [];
  for (const t of contentTextNodes(root)) {
    if (!/\d/.test(t.data ?? '')) continue;
    const node = blockOf(t);
    if (!node || seen.has(node)) continue;
    seen.add(node);
    const text = textOf(node);
    const prices = findPrices(text);
    if (prices.length) candidates.push({ node, text, prices });
  }
  // A block whose price is really in a smaller block inside it is that smaller block's container.
  const holdsAnother = new Set(candidates.flatMap((c) => ancestors(c.node)));
  const blocks = candidates.filter((c) => !holdsAnother.has(c.node));
  const counts = priceCounts(blocks);

  const offers: ScannedOffer[] = [];
  const names = new Set<string>();
  for (const { node, text, prices } of blocks) {
    const price = prices[0]!;
    const beforeText = text.slice(0, price.start);
    // Up to the next price: "Beginners $120 (was $150)" is described by "(was", not priced twice.
    const afterText = text.slice(price.end, prices[1]?.start ?? text.length);
    if (/^\s*(off|discount)\b/i.test(afterText) || notAnOffer.test(beforeText.split(/\s+/).slice(-3).join(' '))) continue;

    let card = node;
    for (const a of ancestors(node)) {
      if (['body', 'main', 'html'].includes(tagOf(a)) || a.type === 'root' || (counts.get(a) ?? 0) > 1) break;
      card = a;
    }
    const lineLike = ['li', 'tr', 'dt', 'dd'].includes(tagOf(node)) || isHeading(node) || text.length <= 100;
    const own = lineLike ? (usableName(beforeText) ?? (beforeText.trim() ? null : usableName(afterText.replace(/\(.*$/, '')))) : null;
    const name = own ?? usableName(labelFor(node, card, counts));
    if (!name || names.has(name.toLowerCase())) continue;
    names.add(name.toLowerCase());

    const withoutPrice = `${beforeText} ${afterText}`;
    const rest = own ? tidy((beforeText.trim() ? afterText : '').replace(leadingJoin, '')) : /\p{L}{3}/u.test(withoutPrice) ? tidy(text) : '';
    const details = [
      price.per ? priceLabel(price) : null,
      rest && rest.length > 2 && !own?.includes(rest) ? capitalise(rest) : null,
      cardDetails(node, card, counts),
    ]
      .filter((s): s is string => Boolean(s))
      .join('. ');
    const cents = usdCents(price);
    offers.push({
      name,
      description: details ? details.slice(0, 500) : null,
      priceCents: cents,
      price: price.amount,
      currency: price.currency,
      url: linkIn(card, pageUrl),
      sourceUrl: pageUrl,
    });
    if (offers.length >= MAX_TEXT_OFFERS_PER_PAGE) break;
  }
  return offers;
}
