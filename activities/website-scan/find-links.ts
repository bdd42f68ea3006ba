import type { CheerioAPI } from 'cheerio';
import { load } from 'cheerio';

const notPages = /\.(pdf|jpe?g|png|gif|webp|svg|ico|zip|gz|mp3|mp4|mov|css|js|json|xml|txt|docx?|xlsx?)$/i;

/** A same-origin http(s) page address without its #fragment, or null. */
export function samePageUrl(href: string, base: string, origin: string): string | null {
  try {
    const u = new URL(href, base);
    if (u.origin !== origin || notPages.test(u.pathname)) return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/** Same-origin links of a page, in document order, without duplicates (navigation links included: they name the main pages). */
export function findLinks($: CheerioAPI, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const seen = new Set<string>();
  $('a[href]').each((_, el) => {
    const url = samePageUrl($(el).attr('href') ?? '', pageUrl, origin);
    if (url) seen.add(url);
  });
  return [...seen];
}

/**
 * A sitemap's page addresses (`<urlset><url><loc>`) and, for a sitemap index, the nested sitemaps
 * it lists (`<sitemapindex><sitemap><loc>`); same origin only.
 */
export function parseSitemap(xml: string, origin: string): { pages: string[]; sitemaps: string[] } {
  const $ = load(xml, { xml: true });
  const pages = new Set<string>();
  $('urlset > url > loc').each((_, el) => {
    const url = samePageUrl($(el).text().trim(), origin, origin);
    if (url) pages.add(url);
  });
  const sitemaps = new Set<string>();
  $('sitemapindex > sitemap > loc').each((_, el) => {
    try {
      const u = new URL($(el).text().trim(), origin);
      if (u.origin === origin) sitemaps.add(u.href);
    } catch {
      // not an address: skipped like a foreign one
    }
  });
  return { pages: [...pages], sitemaps: [...sitemaps] };
}
