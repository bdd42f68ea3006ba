/**
 * Prices written in a page's text ("$129/month", "€40", "USD 49", "29,90 €"): where they are, in
 * which currency, and for what period. Pure; the offer extractor decides what each one prices.
 */
export interface TextPrice {
  /** Where the whole match (amount and period) starts and ends in the text. */
  start: number;
  end: number;
  /** The amount as written, without currency: "129", "2,400", "29,90". */
  amount: string;
  /** ISO 4217 code. "$" alone is read as USD; "CA$", "A$" and the like are not. */
  currency: string;
  /** "month", "hour", … when the price is per something; null otherwise. */
  per: string | null;
}

const dollarPrefixes: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  CA$: 'CAD',
  C$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  NZ$: 'NZD',
  HK$: 'HKD',
  S$: 'SGD',
};
const symbols: Record<string, string> = { '€': 'EUR', '£': 'GBP' };
const codes = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF'];

const amount = String.raw`\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const periods = String.raw`month|mo|year|yr|week|wk|day|hour|hr|session|class|lesson|person|night`;
const perPattern = new RegExp(String.raw`^\s*(?:(?:\/|per\b|a\b|an\b|each\b)\s*(${periods})s?\b|(monthly|yearly|annually|weekly|daily|hourly)\b)`, 'i');
const perWord: Record<string, string> = { mo: 'month', yr: 'year', wk: 'week', hr: 'hour', monthly: 'month', yearly: 'year', annually: 'year' };
const perAdverb: Record<string, string> = { weekly: 'week', daily: 'day', hourly: 'hour' };

// A currency before the amount ("$", "CA$", "€", "USD ") or after it ("29 €", "49 USD").
const pricePattern = new RegExp(
  String.raw`(?<![\w$€£])(?:(?<pre>(?:US|CA|C|AU|A|NZ|HK|S)?\$|€|£|\b(?:${codes.join('|')})\s?)\s?(?<a1>${amount})|(?<a2>${amount})\s?(?<post>€|£|\b(?:${codes.join('|')})\b))(?![\d%])`,
  'g',
);

function currencyOf(mark: string): string | null {
  const m = mark.trim().toUpperCase();
  return dollarPrefixes[m] ?? symbols[m] ?? (codes.includes(m) ? m : null);
}

/** Every price in `text`, in order. */
export function findPrices(text: string): TextPrice[] {
  const found: TextPrice[] = [];
  for (const m of text.matchAll(pricePattern)) {
    const g = m.groups ?? {};
    const currency = currencyOf(g.pre ?? g.post ?? '');
    const value = (g.a1 ?? g.a2 ?? '').trim();
    if (!currency || !value) continue;
    let end = m.index + m[0].length;
    const per = perPattern.exec(text.slice(end));
    let period: string | null = null;
    if (per) {
      const word = (per[1] ?? per[2] ?? '').toLowerCase();
      period = perWord[word] ?? perAdverb[word] ?? word;
      end += per[0].length;
    }
    found.push({ start: m.index, end, amount: value, currency, per: period });
  }
  return found;
}

/**
 * The amount in cents when the price is in USD and written the English way ("1,299.00", "49");
 * null otherwise (another currency, or "29,90" which could be 29.90 or 2,990).
 */
export function usdCents(p: TextPrice): number | null {
  if (p.currency !== 'USD') return null;
  const plain = p.amount.replace(/,(?=\d{3}\b)/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}

/** "$129 per month", "€40": how the price reads on its own. */
export function priceLabel(p: TextPrice): string {
  const sign = p.currency === 'USD' ? '$' : p.currency === 'EUR' ? '€' : p.currency === 'GBP' ? '£' : `${p.currency} `;
  return `${sign}${p.amount}${p.per ? ` per ${p.per}` : ''}`;
}
