import { load } from 'cheerio';
import type { ScannedOffer, ScannedPage, ScannedTestimonial } from '../../contracts/website-scan';
import { extractBusinessName } from './extract-business-name';
import { extractOffers } from './extract-offers';
import { extractPageText, extractTitle } from './extract-page-text';
import { extractTestimonials } from './extract-testimonials';
import { extractTextOffers } from './extract-text-offers';
import { extractTextTestimonials } from './extract-text-testimonials';
import { fetchPage, ScanFailedError } from './fetch-page';
import { findLinks, parseSitemap } from './find-links';

export { ScanFailedError } from './fetch-page';

export interface ScanOptions {
  allowLoopback: boolean;
  /** The whole scan's deadline (WEBSITE_SCAN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Per page (WEBSITE_SCAN_MAX_BYTES). */
  maxBytes: number;
  /** Pages read, the home page included (WEBSITE_SCAN_MAX_PAGES). */
  maxPages: number;
}

export interface ScannedSite {
  origin: string;
  businessName: string | null;
  offers: ScannedOffer[];
  testimonials: ScannedTestimonial[];
  pages: ScannedPage[];
}

const quoteKey = (t: ScannedTestimonial) =>
  t.quote
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * What one HTML page yields. Pure: unit-tested on HTML strings. Offers come from the page's JSON-LD
 * when it has any (the site's own structured claim), else from prices in its text; testimonials
 * from both, each quote once.
 */
export function extractFromHtml(html: string, url: string) {
  const $ = load(html);
  const businessName = extractBusinessName($);
  const structured = extractOffers($, url);
  const offers = structured.length ? structured : extractTextOffers($, url);
  const testimonials = uniqueBy([...extractTestimonials($, url), ...extractTextTestimonials($, url)], quoteKey);
  const links = findLinks($, url);
  const title = extractTitle($) || url;
  // Last: it strips navigation and scripts from the document.
  const text = extractPageText($);
  return { businessName, offers, testimonials, links, page: { url, title, text } };
}

/** "example.com" → "https://example.com/"; anything unparseable is a Scan Failed. */
export function normaliseSiteUrl(input: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    throw new ScanFailedError(`"${input}" is not a web address.`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ScanFailedError('Only http:// and https:// addresses can be scanned.');
  u.hash = '';
  return u.href;
}

/**
 * Reads a business's website: the home page (its failure fails the scan), then up to
 * `maxPages - 1` more same-origin pages from /sitemap.xml (a sitemap index's nested sitemaps
 * followed in order until enough pages are listed, at most MAX_SITEMAPS files), or from the home
 * page's links when there is no sitemap. A page that fails later is skipped; the deadline ends the scan with what
 * was read so far. Offers and testimonials repeated across pages are kept once.
 */
export async function scanWebsite(input: string, opts: ScanOptions): Promise<ScannedSite> {
  const deadline = Date.now() + opts.timeoutMs;
  const fetchOpts = { allowLoopback: opts.allowLoopback, deadline, maxBytes: opts.maxBytes };
  const home = await fetchPage(normaliseSiteUrl(input), { ...fetchOpts, expect: 'html' });
  const origin = new URL(home.url).origin;
  const first = extractFromHtml(home.body, home.url);

  const sitemap = await readSitemaps(origin, opts.maxPages, (url) => fetchPage(url, { ...fetchOpts, expect: 'xml' }).then((r) => r.body));
  const candidates = (sitemap.length ? sitemap : first.links).filter((u) => u !== home.url);
  const queue = [...new Set(candidates)].slice(0, Math.max(0, opts.maxPages - 1));

  const results = [first];
  // Three at a time: quick for a small site, polite to the server.
  for (let i = 0; i < queue.length && Date.now() < deadline; i += 3) {
    const batch = await Promise.allSettled(queue.slice(i, i + 3).map((u) => fetchPage(u, { ...fetchOpts, expect: 'html' })));
    for (const r of batch) if (r.status === 'fulfilled') results.push(extractFromHtml(r.value.body, r.value.url));
  }

  const offers = uniqueBy(
    results.flatMap((r) => r.offers),
    (o) => o.name.toLowerCase(),
  );
  const testimonials = uniqueBy(
    results.flatMap((r) => r.testimonials),
    quoteKey,
  );
  const pages = uniqueBy(
    results.map((r) => r.page),
    (p) => p.url,
  );
  return { origin, businessName: first.businessName, offers, testimonials, pages };
}

/** Sitemap files read per scan at most (the index included): a sitemap index may list thousands. */
const MAX_SITEMAPS = 10;

/**
 * The pages listed by /sitemap.xml, following a sitemap index's nested sitemaps breadth first
 * until `maxPages` addresses are known; a sitemap that fails to load is skipped.
 */
async function readSitemaps(origin: string, maxPages: number, load: (url: string) => Promise<string>): Promise<string[]> {
  const pages = new Set<string>();
  const queue = [`${origin}/sitemap.xml`];
  const seen = new Set(queue);
  for (let read = 0; queue.length > 0 && read < MAX_SITEMAPS && pages.size < maxPages; read++) {
    const xml = await load(queue.shift()!).catch(() => null);
    if (xml === null) continue;
    const found = parseSitemap(xml, origin);
    for (const p of found.pages) pages.add(p);
    for (const s of found.sitemaps) {
      if (!seen.has(s)) {
        seen.add(s);
        queue.push(s);
      }
    }
  }
  return [...pages];
}

function uniqueBy<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
