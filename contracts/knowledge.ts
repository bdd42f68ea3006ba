import { z } from 'zod';

/** docs/product-spec.md §4: the onboarding Knowledge Builder's question ids. */
export const profileQuestionIds = ['business_hours', 'pricing', 'shipping', 'returns', 'unique_value'] as const;
export type ProfileQuestionId = (typeof profileQuestionIds)[number];

export const knowledgeKinds = ['profile', 'offer', 'faq', 'document', 'testimonial', 'page'] as const;
export type KnowledgeKind = (typeof knowledgeKinds)[number];

export const knowledgeSources = ['typed', 'scan', 'onboarding'] as const;
export type KnowledgeSource = (typeof knowledgeSources)[number];

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
  createdAt: string;
  updatedAt: string;
}

/**
 * An entry retrieved for a question (db/knowledge/search-knowledge.ts): what the AI assistant is
 * given as data, and what a knowledge-base-only answer quotes. `body` is the entry's text, cut to
 * a length that fits a prompt; `rank` orders hits (higher is better; only comparable within one search).
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
  rank: number;
}

export const knowledgeSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(500, 'Searches are limited to 500 characters'),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
