/**
 * What an inbound comment or DM is about, from its words alone: a small keyword classifier, no
 * model. docs/product-spec.md §3 counts any intent other than `general` as a potential lead, so the
 * inbound pipeline makes a lead for every message classified otherwise.
 *
 * Rules, checked in this order (the first intent with a whole-word hit wins, so "how much to book a
 * call" is booking, not pricing): booking → purchase → pricing → support → general. Purchase comes
 * before pricing because "I want to buy, what's the price" is further down the funnel. Support is
 * last: "is it broken" from a would-be buyer should still count as a lead when it also asks a price.
 * Matching is case-insensitive on whole words or phrases, so "prices" matches but "priceless" does not.
 */
export type Intent = 'pricing' | 'purchase' | 'booking' | 'support' | 'general';

const rules: ReadonlyArray<readonly [Exclude<Intent, 'general'>, readonly string[]]> = [
  ['booking', ['book', 'booking', 'appointment', 'schedule', 'reserve', 'reservation', 'available', 'availability', 'consultation', 'call me', 'demo']],
  [
    'purchase',
    [
      'buy',
      'purchase',
      'place an order',
      'order one',
      'to order',
      'checkout',
      'sign me up',
      'i want it',
      'i want one',
      'in stock',
      'ship to',
      'add to cart',
      'where can i get',
    ],
  ],
  ['pricing', ['price', 'prices', 'pricing', 'cost', 'costs', 'how much', 'quote', 'fee', 'fees', 'discount', 'plans']],
  ['support', ['help', 'problem', 'issue', 'broken', 'refund', 'not working', "doesn't work", 'cancel', 'complaint', 'support']],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = rules.map(
  ([intent, words]) => [intent, new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${words.map(escape).join('|')})(?=$|[^\\p{L}\\p{N}])`, 'iu')] as const,
);

export function classifyIntent(text: string): Intent {
  // Curly apostrophes from phone keyboards read as straight ones.
  const normalized = text.replace(/[\u2018\u2019]/g, "'");
  for (const [intent, pattern] of patterns) if (pattern.test(normalized)) return intent;
  return 'general';
}
