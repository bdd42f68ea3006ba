/**
 * A synthetic but plausible knowledge base for the ai benchmark: FAQs, offers, documents,
 * testimonials and scanned pages of a small online business, built from a fixed vocabulary with a
 * seeded generator so every run indexes the same text. Common words ("price", "shipping",
 * "order") appear in thousands of entries, as they would in a real one, so OR-ed full-text
 * queries have many candidates to rank.
 */

export interface CorpusEntry {
  kind: 'faq' | 'offer' | 'document' | 'testimonial' | 'page';
  title: string;
  body: string;
  priceCents: number | null;
}

/** mulberry32: small, fast, seeded. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const topics = [
  'shipping',
  'delivery',
  'returns',
  'refund',
  'exchange',
  'warranty',
  'price',
  'discount',
  'coupon',
  'subscription',
  'membership',
  'coaching',
  'course',
  'workshop',
  'consultation',
  'appointment',
  'booking',
  'cancellation',
  'payment',
  'invoice',
  'gift card',
  'wholesale',
  'custom order',
  'sizing',
  'materials',
  'ingredients',
  'allergens',
  'vegan options',
  'opening hours',
  'location',
  'parking',
  'pickup',
  'international orders',
  'tracking',
  'damaged items',
  'privacy',
  'newsletter',
  'loyalty points',
  'student discount',
  'bulk pricing',
  'installation',
  'maintenance',
  'repair',
  'rental',
  'deposit',
  'trial',
  'onboarding',
  'support hours',
  'response time',
  'guarantee',
];
const products = [
  'Starter Kit',
  'Pro Bundle',
  'Career Sprint',
  'Interview Intensive',
  'Yoga Mat',
  'Sourdough Class',
  'Leather Wallet',
  'Ceramic Mug Set',
  'Skin Care Trio',
  'Meal Plan',
  'Strength Program',
  'Photography Masterclass',
  'Website Audit',
  'Brand Strategy Session',
  'Wedding Package',
  'Puppy Training',
  'Guitar Lessons',
  'Spanish Course',
  'Tax Review',
  'Garden Design',
];
const filler = (
  'we our team customers every order is carefully packed and checked before it leaves the studio you can always reach us by email or chat ' +
  'most questions are answered within one business day our policy is simple and fair please include your order number when you write ' +
  'all prices include tax unless stated otherwise we work with local suppliers and small batches quality matters more than speed ' +
  'clients tell us the process felt personal and easy from the first message to the final result thank you for supporting a small business ' +
  'sessions run online or in person weekdays and saturdays availability changes with the season book early for holidays ' +
  'materials are sourced responsibly and each item is made by hand which means small variations are part of the charm'
).split(' ');
const names = ['Priya', 'Marcus', 'Dana', 'Sam', 'Lena', 'Omar', 'Grace', 'Tom', 'Aiko', 'Carlos', 'Fatima', 'Ivan'];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const words = (r: () => number, n: number, extra: string[] = []) =>
  Array.from({ length: n }, (_, i) => (i % 9 === 4 && extra.length ? pick(r, extra) : pick(r, filler))).join(' ');

export function corpusEntry(r: () => number, i: number): CorpusEntry {
  const topic = pick(r, topics);
  const other = pick(r, topics);
  const product = pick(r, products);
  const roll = r();
  if (roll < 0.4) {
    const q = pick(r, [
      `Do you offer ${topic}?`,
      `How does ${topic} work?`,
      `What is your ${topic} policy?`,
      `Can I get ${topic} on the ${product}?`,
      `How long does ${topic} take?`,
    ]);
    return { kind: 'faq', title: q, body: `${topic} ${words(r, 30, [topic, other])}.`, priceCents: null };
  }
  if (roll < 0.6) {
    return {
      kind: 'offer',
      title: `${product} ${i % 50 === 0 ? 'Deluxe' : ''}`.trim(),
      body: `${product} with ${other}. ${words(r, 25, [other])}.`,
      priceCents: 500 + Math.floor(r() * 200_000),
    };
  }
  if (roll < 0.72) {
    return {
      kind: 'document',
      title: `${topic[0]!.toUpperCase()}${topic.slice(1)} guide ${i}`,
      body: words(r, 250, [topic, other, product.toLowerCase()]),
      priceCents: null,
    };
  }
  if (roll < 0.82) {
    return {
      kind: 'testimonial',
      title: `Testimonial from ${pick(r, names)} ${i}`,
      body: `The ${product} was worth it, ${words(r, 20, [other])}.`,
      priceCents: null,
    };
  }
  return { kind: 'page', title: `${product} | ${topic} | Page ${i}`, body: words(r, 400, [topic, other, product.toLowerCase()]), priceCents: null };
}

/**
 * What customers ask in DMs: short, lower-case, missing apostrophes, some with typos ("shiping",
 * "refnd", "cancelation") that only the trigram pass can catch, some with no match at all.
 */
export const questions = [
  'how much is shipping to canada?',
  'do you ship internationally',
  'whats your refund policy',
  'can i return an item after 30 days?',
  'how much does the career sprint cost',
  'is there a student discount',
  'when are you open on saturdays',
  'where are you located and is there parking',
  'do you have vegan options',
  'how long does delivery take',
  'can i cancel my subscription',
  'do you do custom orders for weddings',
  'shiping cost?',
  'refnd for damaged item',
  'cancelation policy',
  'intervew intensive price',
  'guitar lesons for kids?',
  'photografy masterclass dates',
  'do you accept paypal payment',
  'is the yoga mat non slip',
  'what sizes does the leather wallet come in',
  'how do loyalty points work',
  'can i book a consultation this week',
  'hi!',
  'what is the meaning of life',
  'do you sell gift cards',
  'bulk pricing for 200 mugs?',
  'how do i track my order',
  'my order arrived damaged what now',
  'is the tax review done online',
  'puppy training for a 4 month old',
  'garden design quote',
  'do you have a warranty on repairs',
  'how much is the deposit for rental',
  'free trial?',
  'what time does support answer',
  'brand strategy session price and duration',
  'do you offer payment plans',
  'wholesale account',
  'allergens in the sourdough',
  'how long is the spanish course',
  'meal plan subscription price',
];

/** `n` questions in a fixed mixed order. */
export function questionStream(n: number, seed = 7): string[] {
  const r = seeded(seed);
  return Array.from({ length: n }, () => pick(r, questions));
}
