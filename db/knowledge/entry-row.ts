import { z } from 'zod';
import { knowledgeKinds, knowledgeSources, knowledgeVisibilities, profileQuestionIds, type KnowledgeEntry } from '../../contracts/knowledge';

/** The columns every read of a whole entry selects, and their parse into the contract type. */
export const entryColumns = `id, kind, question_id, title, body, price_cents, duration, url, author, source, source_url, visibility, created_at, updated_at`;

export const entryRow = z.object({
  id: z.string(),
  kind: z.enum(knowledgeKinds),
  question_id: z.enum(profileQuestionIds).nullable(),
  title: z.string(),
  body: z.string(),
  price_cents: z.number().nullable(),
  duration: z.string().nullable(),
  url: z.string().nullable(),
  author: z.string().nullable(),
  source: z.enum(knowledgeSources),
  source_url: z.string().nullable(),
  visibility: z.enum(knowledgeVisibilities),
  created_at: z.date(),
  updated_at: z.date(),
});

export function toEntry(r: z.infer<typeof entryRow>): KnowledgeEntry {
  return {
    id: r.id,
    kind: r.kind,
    questionId: r.question_id,
    title: r.title,
    body: r.body,
    priceCents: r.price_cents,
    duration: r.duration,
    url: r.url,
    author: r.author,
    source: r.source,
    sourceUrl: r.source_url,
    visibility: r.visibility,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}
