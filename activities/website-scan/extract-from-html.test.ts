import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { extractBusinessName } from './extract-business-name';
import { priceToCents } from './extract-offers';
import { parseSitemap } from './find-links';
import { extractFromHtml, normaliseSiteUrl } from './scan-website.activity';

const site = (path: string) => readFileSync(new URL(`../../tests/fixtures/sites/${path}`, import.meta.url), 'utf8');
const base = 'https://brightpath.example/';

describe('business name', () => {
  it('prefers the JSON-LD Organization, then og:site_name, then the title without its tagline', () => {
    expect(extractFromHtml(site('brightpath-coaching/index.html'), base).businessName).toBe('BrightPath Coaching');
    expect(extractBusinessName(load('<meta property="og:site_name" content="Og Name"><title>T | x</title>'))).toBe('Og Name');
    expect(extractBusinessName(load('<title>Crumb &amp; Co. Bakery – Home</title>'))).toBe('Crumb & Co. Bakery');
    expect(extractBusinessName(load('<p>nothing</p>'))).toBeNull();
  });

  it('skips a broken JSON-LD block instead of failing', () => {
    const html =
      '<script type="application/ld+json">{not json</script><script type="application/ld+json">{"@type":"LocalBusiness","name":"Corner Shop"}</script>';
    expect(extractBusinessName(load(html))).toBe('Corner Shop');
  });
});

describe('offers', () => {
  it('reads JSON-LD Products with USD prices as cents and resolves relative links', () => {
    const { offers } = extractFromHtml(site('brightpath-coaching/index.html'), base);
    expect(offers).toEqual([
      {
        name: '6-Week Career Sprint',
        description: 'Weekly one-to-one calls, CV review and interview practice.',
        priceCents: 49_900,
        price: '499.00',
        currency: 'USD',
        url: 'https://brightpath.example/pricing.html#sprint',
        sourceUrl: base,
      },
    ]);
  });

  it('keeps a price in another currency as text, never as USD cents', () => {
    const html = '<script type="application/ld+json">{"@type":"Product","name":"Kurs","offers":{"price":"99","priceCurrency":"EUR"}}</script>';
    expect(extractFromHtml(html, base).offers[0]).toMatchObject({ name: 'Kurs', priceCents: null, price: '99', currency: 'EUR' });
  });

  it('parses prices', () => {
    expect([priceToCents('49'), priceToCents(49.5), priceToCents('1,299.00'), priceToCents('free'), priceToCents(undefined)]).toEqual([
      4900,
      4950,
      129_900,
      null,
      null,
    ]);
  });
});

describe('testimonials', () => {
  it('takes JSON-LD Reviews and .testimonial blocks that name an author', () => {
    const { testimonials } = extractFromHtml(site('brightpath-coaching/index.html'), base);
    expect(testimonials.map((t) => [t.author, t.quote])).toEqual([
      ['Priya N.', 'I landed a senior role three weeks after finishing the sprint.'],
      ['Marcus L., product manager', 'The mock interviews were the best preparation I have ever had.'],
    ]);
  });

  it('takes blockquotes with a cite or figcaption and ignores anonymous ones', () => {
    const { testimonials } = extractFromHtml(site('crumb-bakery/index.html'), 'https://crumb.example/');
    expect(testimonials.map((t) => [t.author, t.quote])).toEqual([
      ['Dana R.', 'Best croissants in the city, and the staff remember your order.'],
      ['Sam, regular since 2020', 'The birthday cake was gorgeous and tasted even better.'],
    ]);
  });
});

describe('page text and links', () => {
  it('keeps the main content and drops nav, footer, scripts and styles', () => {
    const { page } = extractFromHtml(site('brightpath-coaching/about.html'), `${base}about.html`);
    expect(page.title).toBe('About us | BrightPath Coaching');
    expect(page.text).toBe(
      'About us\nFounded in 2019 by two former recruiters, BrightPath has coached over 1,200 clients.\nOur office hours are Monday to Friday, 9am to 6pm Eastern.',
    );
    const home = extractFromHtml(site('brightpath-coaching/index.html'), base).page.text;
    expect(home).not.toMatch(/analytics|font-family|Privacy|Pricing/);
  });

  it('finds same-origin page links without fragments, mail links or files', () => {
    const { links } = extractFromHtml(site('crumb-bakery/index.html'), 'https://crumb.example/');
    expect(links).toEqual(['https://crumb.example/index.html', 'https://crumb.example/menu.html', 'https://crumb.example/visit.html']);
  });

  it('reads a sitemap, same origin only', () => {
    const xml = site('brightpath-coaching/sitemap.xml').replaceAll('{{origin}}', 'https://brightpath.example');
    expect(parseSitemap(xml, 'https://brightpath.example')).toEqual({
      pages: [
        'https://brightpath.example/',
        'https://brightpath.example/about.html',
        'https://brightpath.example/pricing.html',
        'https://brightpath.example/faq.html',
      ],
      sitemaps: [],
    });
  });

  it('reads a sitemap index: its nested sitemaps, same origin only', () => {
    const xml = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>https://brightpath.example/sitemap-pages.xml</loc></sitemap>
      <sitemap><loc>https://elsewhere.example/sitemap.xml</loc></sitemap></sitemapindex>`;
    expect(parseSitemap(xml, 'https://brightpath.example')).toEqual({ pages: [], sitemaps: ['https://brightpath.example/sitemap-pages.xml'] });
  });

  it('adds https:// to a bare domain and refuses other schemes', () => {
    expect(normaliseSiteUrl('example.com')).toBe('https://example.com/');
    expect(normaliseSiteUrl('http://example.com/a#b')).toBe('http://example.com/a');
    expect(() => normaliseSiteUrl('ftp://example.com')).toThrow('Only http:// and https://');
  });
});
