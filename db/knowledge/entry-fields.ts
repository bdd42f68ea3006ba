import type { z } from 'zod';
import {
  profileQuestionTitles,
  type KnowledgeVisibility,
  type CreateKnowledgeBody,
  type documentFieldsSchema,
  type faqFieldsSchema,
  type offerFieldsSchema,
  type profileFieldsSchema,
  type testimonialFieldsSchema,
} from '../../contracts/knowledge';

/** The columns a person can set, whatever the kind (title/body mean different things per kind: db/schema/knowledge.ts). */
export interface EntryColumns {
  title: string;
  body: string;
  questionId: string | null;
  priceCents: number | null;
  duration: string | null;
  url: string | null;
  author: string | null;
  /** Undefined: a new entry takes its kind's default (contracts/knowledge.ts `defaultVisibility`). */
  visibility: KnowledgeVisibility | undefined;
}

type Visible = { visibility?: KnowledgeVisibility | undefined };
type Fields =
  | ({ kind: 'offer' } & z.output<typeof offerFieldsSchema> & Visible)
  | ({ kind: 'faq' } & z.output<typeof faqFieldsSchema> & Visible)
  | ({ kind: 'document' | 'page' } & z.output<typeof documentFieldsSchema> & Visible)
  | ({ kind: 'testimonial' } & z.output<typeof testimonialFieldsSchema> & Visible)
  | ({ kind: 'profile' } & z.output<typeof profileFieldsSchema> & Visible);

/** An API body (one kind's fields) → the table's columns. */
export function fieldsToColumns(f: Fields | CreateKnowledgeBody): EntryColumns {
  const none = { questionId: null, priceCents: null, duration: null, url: null, author: null, visibility: f.visibility };
  switch (f.kind) {
    case 'offer':
      return { ...none, title: f.name, body: f.description ?? '', priceCents: f.priceCents ?? null, duration: f.duration ?? null, url: f.link ?? null };
    case 'faq':
      return { ...none, title: f.question, body: f.answer };
    case 'document':
    case 'page':
      return { ...none, title: f.title, body: f.text };
    case 'testimonial':
      // A testimonial's title is a label for lists and search: who said it.
      return { ...none, title: `Testimonial from ${f.author}`, body: f.quote, author: f.author };
    case 'profile':
      return { ...none, title: profileQuestionTitles[f.questionId], body: f.answer, questionId: f.questionId };
  }
}
