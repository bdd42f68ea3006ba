import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractTextOffers } from './extract-text-offers';
import { extractTextTestimonials } from './extract-text-testimonials';
import { extractFromHtml } from './scan-website.activity';
import { findPrices, priceLabel, usdCents } from './text-prices';

// Sites without structured markup (tests/fixtures/sites/juniper-yoga): prices in text, headings and
// lists near them, quoted reviews with a name.
const site = (path: string) => readFileSync(new URL(`../../tests/fixtures/sites/${path}`, import.meta.url), 'utf8');
const base = 'https://juniper.example/';
const offersOf = (html: string) => extractTextOffers(load(html), base).map((o) => [o.name, o.priceCents, o.price, o.currency]);
const quotesOf = (html: string) => extractTextTestimonials(load(html), base).map((t) => [t.author, t.quote]);

describe('prices in text', () => {
  it('reads the currency before or after the amount, and the period', () => {
    const text = 'A $129/month, B €40, C USD 49, D 29,90 €, E CA$20, F £15 per session, G $2,400.50 monthly, H 10% off, I 3 classes';
    expect(findPrices(text).map((p) => [p.amount, p.currency, p.per])).toEqual([
      ['129', 'USD', 'month'],
      ['40', 'EUR', null],
      ['49', 'USD', null],
      ['29,90', 'EUR', null],
      ['20', 'CAD', null],
      ['15', 'GBP', 'session'],
      ['2,400.50', 'USD', 'month'],
    ]);
  });

  it('gives USD cents only for US dollars written the English way', () => {
    const cents = (t: string) => usdCents(findPrices(t)[0]!);
    expect([cents('$49'), cents('$1,299.00'), cents('US$ 5.5'), cents('€40'), cents('CA$20'), cents('$29,90')]).toEqual([4900, 129_900, 550, null, null, null]);
    expect(priceLabel(findPrices('$95 per hour')[0]!)).toBe('$95 per hour');
  });
});

describe('offers on a plain HTML site', () => {
  it('names a pricing card by its heading, describes it by its list and links it', () => {
    const offers = extractFromHtml(site('juniper-yoga/index.html'), base).offers;
    expect(offers).toEqual([
      {
        name: 'Unlimited Monthly',
        description: '$129 per month. Every class on the timetable; 10% off workshops',
        priceCents: 12_900,
        price: '129',
        currency: 'USD',
        url: 'https://juniper.example/join?plan=unlimited',
        sourceUrl: base,
      },
      {
        name: 'Intro Week',
        description: 'Seven days of unlimited classes for newcomers.',
        priceCents: 2500,
        price: '25',
        currency: 'USD',
        url: null,
        sourceUrl: base,
      },
      {
        name: 'Private sessions',
        description: '$95 per hour. At the studio or online',
        priceCents: 9500,
        price: '95',
        currency: 'USD',
        url: null,
        sourceUrl: base,
      },
    ]);
  });

  it('names list items, table rows and definition lists by their own words; another currency is kept as text', () => {
    expect(offersOf(site('juniper-yoga/classes.html'))).toEqual([
      ['Drop-in class', 2200, '22', 'USD'],
      ['10-class pass', 18_000, '180', 'USD'],
      ['Yoga for runners', 4500, '45', 'USD'],
      ['Breathwork basics', null, '40', 'EUR'],
      ['Teacher training (200 hours)', 240_000, '2,400', 'USD'],
    ]);
    expect(extractTextOffers(load(site('juniper-yoga/classes.html')), base)[1]!.description).toBe('Valid for six months');
  });

  it('ignores conditions and fees, navigation, header, footer and scripts', () => {
    expect(
      offersOf(`<nav><a>Shop from $5</a></nav><header><p>Passes over $100 get a free mat</p></header>
        <main><p>Free delivery on orders over $50.</p><p>Save $10 when you book two.</p><p>Get $5 off your first class.</p>
        <p>Shipping: $4.99</p><script>var x = "Widget $9";</script></main><footer>Gift cards from $30</footer>`),
    ).toEqual([]);
  });

  it('uses the nearby heading when the price line has no name of its own, and keeps one offer per name', () => {
    expect(offersOf('<section><h3>Starter</h3><p>Price: $19</p></section><section><h3>Pro</h3><p>$49</p></section><ul><li>Starter $19</li></ul>')).toEqual([
      ['Starter', 1900, '19', 'USD'],
      ['Pro', 4900, '49', 'USD'],
    ]);
  });

  it('does not replace JSON-LD offers with text ones', () => {
    const html = `<script type="application/ld+json">{"@type":"Product","name":"Course","offers":{"price":"99","priceCurrency":"USD"}}</script><ul><li>Course: $99</li><li>Other: $5</li></ul>`;
    expect(extractFromHtml(html, base).offers.map((o) => o.name)).toEqual(['Course']);
  });
});

describe('testimonials on a plain HTML site', () => {
  it('takes a quoted line with a dash and a name, or with the name on the next line', () => {
    expect(extractFromHtml(site('juniper-yoga/index.html'), base).testimonials.map((t) => [t.author, t.quote])).toEqual([
      ['Maria K.', 'Juniper is the first studio where I never felt too stiff to belong.'],
      ['Tom, Leith', 'The garden room at sunrise is worth getting up for.'],
    ]);
    expect(quotesOf(site('juniper-yoga/kind-words.html'))).toEqual([
      ['Aisha B.', 'Lovely teachers who remember your injuries and your name.'],
      ['Priya S., member since 2021', 'I came for my back and stayed for the people.'],
    ]);
  });

  it('needs a name: an anonymous quote, a quote inside a sentence or a call to action after it is not a testimonial', () => {
    expect(
      quotesOf(`<p>“A quote with nobody after it.”</p><p>Free delivery on orders over $50.</p>
        <p>We are "the calmest hour of the week", as one member put it.</p>
        <p>“Great classes, great people.”</p><p><strong>Book now</strong></p>
        <p>"Loved it" – Jo</p>`),
    ).toEqual([]);
  });

  it('keeps an apostrophe inside a single-quoted review, and leaves blockquotes to the structured extractor', () => {
    expect(quotesOf(`<p>'I can't wait for the next retreat.' — Lena</p><blockquote><p>“Inside a blockquote.”</p><p>— Someone</p></blockquote>`)).toEqual([
      ['Lena', "I can't wait for the next retreat."],
    ]);
  });

  it('does not count the same quote twice when the page marks it up and also shows it', () => {
    const html = `<script type="application/ld+json">{"@type":"Review","reviewBody":"Best bread in town.","author":"Kim"}</script><p>“Best bread in town.” — Kim</p>`;
    expect(extractFromHtml(html, base).testimonials.map((t) => t.author)).toEqual(['Kim']);
  });
});
