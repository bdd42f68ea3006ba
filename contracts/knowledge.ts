import { z } from 'zod';

/** docs/product-spec.md §4: the onboarding Knowledge Builder's question ids. */
export const profileQuestionIds = ['business_hours', 'pricing', 'shipping', 'returns', 'unique_value'] as const;
export type ProfileQuestionId = (typeof profileQuestionIds)[number];

export const knowledgeKinds = ['profile', 'offer', 'faq', 'document', 'testimonial', 'page'] as const;
export type KnowledgeKind = (typeof knowledgeKinds)[number];

export const knowledgeSources = ['typed', 'scan', 'onboarding'] as const;
export type KnowledgeSource = (typeof knowledgeSources)[number];

/**
 * Who an entry may answer (ADR 0037). `public`: anyone, including contacts — the AI Reply node and
 * suggested replies may send what it says to a customer. `internal`: only the workspace's own
 * signed-in people (the AI assistant page, the dashboard panel, smart KB).
 */
export const knowledgeVisibilities = ['public', 'internal'] as const;
export type KnowledgeVisibility = (typeof knowledgeVisibilities)[number];

/**
 * A new entry's visibility when none is given: documents are free text written for the business
 * itself (notes, price lists, procedures), so they start internal; every other kind is written for
 * customers (offers, FAQs, profile answers, testimonials, pages already on the public website).
 */
export function defaultVisibility(kind: KnowledgeKind): KnowledgeVisibility {
  return kind === 'document' ? 'internal' : 'public';
}

/**
 * Whose question a search answers: `workspace` (the workspace's own signed-in people: every entry)
 * or `contact` (a customer, or a draft meant for one: public entries only).
 */
export type KnowledgeAudience = 'workspace' | 'contact';

/** One knowledge-base entry as the API returns it (db/schema/knowledge.ts). */
export interface KnowledgeEntry {
  id: string;
  kind: KnowledgeKind;
  questionId: ProfileQuestionId | null;
  title: string;
  body: string;
  priceCents: number | null;
  duration: string | null;
  url: string | null;
  author: string | null;
  source: KnowledgeSource;
  sourceUrl: string | null;
  visibility: KnowledgeVisibility;
  createdAt: string;
  updatedAt: string;
}

/**
 * An entry retrieved for a question (db/knowledge/search-knowledge.ts): what the AI assistant is
 * given as data, and what a knowledge-base-only answer quotes. `body` is the entry's text, cut to
 * a length that fits a prompt; `passage` the sentence of it that best matches the question (what
 * an answer to a contact quotes); `score` the match score, 0 to 1: the share of the question's
 * words (each weighted by how rare it is in this knowledge base) that the entry holds, a title
 * match counting more than one in the text. It is what users see, labelled "match score".
 */
export interface KnowledgeHit {
  id: string;
  kind: KnowledgeKind;
  title: string;
  body: string;
  priceCents: number | null;
  duration: string | null;
  url: string | null;
  author: string | null;
  source: KnowledgeSource;
  passage: string;
  score: number;
}

export const knowledgeSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(500, 'Searches are limited to 500 characters'),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

/** Short titles of the profile questions, used as the entry's title (the onboarding asks them in full). */
export const profileQuestionTitles: Record<ProfileQuestionId, string> = {
  business_hours: 'Business hours',
  pricing: 'Pricing',
  shipping: 'Shipping',
  returns: 'Returns and refunds',
  unique_value: 'What makes us different',
};

/** A document's text (and a scanned page's) is capped so one entry stays a readable source for answers. */
export const MAX_DOCUMENT_CHARS = 100_000;

const required = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is limited to ${max.toLocaleString('en-US')} characters`);

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(2000, `${what} is limited to 2,000 characters`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${what} must be a web address starting with http:// or https://`);

/** Optional text fields: an empty string clears them. */
const optionalText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${what} is limited to ${max.toLocaleString('en-US')} characters`)
    .transform((v) => v || null)
    .nullish();

export const offerFieldsSchema = z.object({
  name: required('Offer name', 200),
  description: optionalText('Description', 5000),
  priceCents: z
    .number({ error: 'Price must be a whole number of cents' })
    .int('Price must be a whole number of cents')
    .min(0, 'Price cannot be negative')
    .max(100_000_000, 'Price is limited to $1,000,000')
    .nullish(),
  duration: optionalText('Duration', 100),
  link: httpUrl('Link')
    .or(z.literal('').transform(() => null))
    .nullish(),
});

export const faqFieldsSchema = z.object({
  question: required('Question', 500),
  answer: required('Answer', 5000),
});

export const documentFieldsSchema = z.object({
  title: required('Title', 200),
  text: required('Text', MAX_DOCUMENT_CHARS),
});

export const testimonialFieldsSchema = z.object({
  quote: required('Quote', 2000),
  author: required('Author', 200),
});

export const profileFieldsSchema = z.object({
  questionId: z.enum(profileQuestionIds, { error: `Question must be one of ${profileQuestionIds.join(', ')}` }),
  answer: required('Answer', 5000),
});

const visibilitySchema = z.enum(knowledgeVisibilities, { error: `Visibility must be one of ${knowledgeVisibilities.join(', ')}` });
/** Omitted on create: the kind's default (`defaultVisibility`). */
const visibilityField = { visibility: visibilitySchema.optional() };

/** POST /api/knowledge: one entry of any kind a person can type (pages come from the website scan). */
export const createKnowledgeBodySchema = z.discriminatedUnion(
  'kind',
  [
    offerFieldsSchema.extend({ kind: z.literal('offer'), ...visibilityField }).strict(),
    faqFieldsSchema.extend({ kind: z.literal('faq'), ...visibilityField }).strict(),
    documentFieldsSchema.extend({ kind: z.literal('document'), ...visibilityField }).strict(),
    testimonialFieldsSchema.extend({ kind: z.literal('testimonial'), ...visibilityField }).strict(),
    profileFieldsSchema.extend({ kind: z.literal('profile'), ...visibilityField }).strict(),
  ],
  { error: 'Kind must be one of offer, faq, document, testimonial, profile' },
);
export type CreateKnowledgeBody = z.output<typeof createKnowledgeBodySchema>;

/**
 * PATCH /api/knowledge/:id: some of the fields of the entry's own kind (the kind never changes);
 * a scanned page is edited like a document. Parsed after the entry is found, with its kind's schema.
 */
export const updateKnowledgeBodySchemas = {
  offer: offerFieldsSchema.extend(visibilityField).partial().strict(),
  faq: faqFieldsSchema.extend(visibilityField).partial().strict(),
  document: documentFieldsSchema.extend(visibilityField).partial().strict(),
  page: documentFieldsSchema.extend(visibilityField).partial().strict(),
  testimonial: testimonialFieldsSchema.extend(visibilityField).partial().strict(),
  profile: profileFieldsSchema.omit({ questionId: true }).extend(visibilityField).partial().strict(),
} satisfies Record<KnowledgeKind, z.ZodType>;

/** PUT /api/knowledge/profile/:questionId (the onboarding Knowledge Builder and the Knowledge page). */
export const profileAnswerBodySchema = z
  .object({
    answer: required('Answer', 5000),
    source: z.enum(['typed', 'onboarding']).default('typed'),
    /** Omitted: a new answer is public, a replaced one keeps its visibility. */
    visibility: visibilitySchema.optional(),
  })
  .strict();

export const listKnowledgeQuerySchema = z.object({
  kind: z.enum(knowledgeKinds, { error: `Kind must be one of ${knowledgeKinds.join(', ')}` }).optional(),
  visibility: visibilitySchema.optional(),
  q: z.string().trim().max(500, 'Searches are limited to 500 characters').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListKnowledgeQuery = z.output<typeof listKnowledgeQuerySchema>;

/**
 * GET /api/knowledge. `counts` are per kind for the same search, whatever `kind` filter is applied;
 * `visibilityCounts` the same per visibility (the whole knowledge base when nothing is searched).
 */
export interface KnowledgeList {
  entries: KnowledgeEntry[];
  pagination: { total: number; pages: number; page: number; limit: number };
  counts: Record<KnowledgeKind, number>;
  visibilityCounts: Record<KnowledgeVisibility, number>;
}

/** The fields a person edits, per kind, as the API takes them (the inverse of the create mapping). */
export function entryToFields(e: KnowledgeEntry): Record<string, string | number | null> {
  const visibility = e.visibility;
  switch (e.kind) {
    case 'offer':
      return { name: e.title, description: e.body || null, priceCents: e.priceCents, duration: e.duration, link: e.url, visibility };
    case 'faq':
      return { question: e.title, answer: e.body, visibility };
    case 'document':
    case 'page':
      return { title: e.title, text: e.body, visibility };
    case 'testimonial':
      return { quote: e.body, author: e.author, visibility };
    case 'profile':
      return { questionId: e.questionId, answer: e.body, visibility };
  }
}
