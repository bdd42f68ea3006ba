import type { CheerioAPI } from 'cheerio';
import type { ScannedOffer } from '../../contracts/website-scan';
import { hasType, jsonLdNodes, ldText, type LdNode } from './json-ld';

/** "49", "49.00", 49, "1,299.00" → cents; null for anything else. */
export function priceToCents(price: unknown): number | null {
  const text = typeof price === 'number' ? String(price) : typeof price === 'string' ? price.replace(/,/g, '').trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** The first Offer (or AggregateOffer) of a Product, whatever shape `offers` has. */
function firstOffer(product: LdNode): LdNode | null {
  const offers = product.offers;
  const list = Array.isArray(offers) ? offers : [offers];
  const found = list.find((o): o is LdNode => typeof o === 'object' && o !== null);
  return found ?? null;
}

/**
 * JSON-LD Products (and Services/Courses) with their offer's price. The price becomes
 * `priceCents` only in USD, the one currency offers are stored in; another currency keeps the
 * price as text so nothing is silently converted.
 */
export function extractOffers($: CheerioAPI, pageUrl: string): ScannedOffer[] {
  const offers: ScannedOffer[] = [];
  for (const node of jsonLdNodes($)) {
    if (!hasType(node, 'Product', 'Service', 'Course')) continue;
    const name = ldText(node.name);
    if (!name) continue;
    const offer = firstOffer(node);
    const rawPrice = offer ? (offer.price ?? offer.lowPrice) : undefined;
    const currency = offer ? (ldText(offer.priceCurrency)?.toUpperCase() ?? null) : null;
    const cents = priceToCents(rawPrice);
    offers.push({
      name,
      description: ldText(node.description),
      priceCents: currency === 'USD' ? cents : null,
      price: rawPrice === undefined || rawPrice === null ? null : String(rawPrice),
      currency,
      url: absoluteUrl(ldText(offer?.url) ?? ldText(node.url), pageUrl),
      sourceUrl: pageUrl,
    });
  }
  return offers;
}

function absoluteUrl(href: string | null, base: string): string | null {
  if (!href) return null;
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}
