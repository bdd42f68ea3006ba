import {
  defaultVisibility,
  profileQuestionIds,
  type KnowledgeEntry,
  type KnowledgeKind,
  type KnowledgeVisibility,
  type ProfileQuestionId,
} from '@contracts/knowledge';

/** The dialog's fields as typed (strings); which of them a kind uses is in `fieldsByKind`. */
export interface EntryDraft {
  name: string;
  description: string;
  price: string;
  duration: string;
  link: string;
  question: string;
  answer: string;
  title: string;
  text: string;
  quote: string;
  author: string;
  questionId: ProfileQuestionId;
  /** Null until chosen: a new entry then takes its kind's default (documents internal, the rest public). */
  visibility: KnowledgeVisibility | null;
}

export const emptyDraft: EntryDraft = {
  name: '',
  description: '',
  price: '',
  duration: '',
  link: '',
  question: '',
  answer: '',
  title: '',
  text: '',
  quote: '',
  author: '',
  questionId: profileQuestionIds[0],
  visibility: null,
};

export function draftFromEntry(e: KnowledgeEntry): EntryDraft {
  const d = { ...emptyDraft, visibility: e.visibility };
  switch (e.kind) {
    case 'offer':
      return {
        ...d,
        name: e.title,
        description: e.body,
        price: e.priceCents === null ? '' : (e.priceCents / 100).toFixed(2),
        duration: e.duration ?? '',
        link: e.url ?? '',
      };
    case 'faq':
      return { ...d, question: e.title, answer: e.body };
    case 'document':
    case 'page':
      return { ...d, title: e.title, text: e.body };
    case 'testimonial':
      return { ...d, quote: e.body, author: e.author ?? '' };
    case 'profile':
      return { ...d, answer: e.body, questionId: e.questionId ?? d.questionId };
  }
}

/** "$1,299.50", "49" → cents; null for empty; 'invalid' for anything else. */
export function dollarsToCents(text: string): number | null | 'invalid' {
  const t = text.replace(/[$,\s]/g, '');
  if (t === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return 'invalid';
  return Math.round(Number(t) * 100);
}

/**
 * The request body for a kind, or the one message the form can show next to the price (the
 * only field typed in another unit than the API's). Everything else the server checks and words.
 * `editing` leaves out the kind and the profile question (neither can change).
 */
export function draftToBody(kind: KnowledgeKind, d: EntryDraft, editing: boolean): { body: Record<string, unknown> } | { priceError: string } {
  const visibility = draftVisibility(kind, d);
  const withKind = (fields: Record<string, unknown>) => ({ body: editing ? { ...fields, visibility } : { kind, ...fields, visibility } });
  switch (kind) {
    case 'offer': {
      const cents = dollarsToCents(d.price);
      if (cents === 'invalid') return { priceError: 'Enter a price like 49 or 49.99' };
      return withKind({ name: d.name, description: d.description, priceCents: cents, duration: d.duration, link: d.link });
    }
    case 'faq':
      return withKind({ question: d.question, answer: d.answer });
    case 'document':
    case 'page':
      return withKind({ title: d.title, text: d.text });
    case 'testimonial':
      return withKind({ quote: d.quote, author: d.author });
    case 'profile':
      return { body: editing ? { answer: d.answer, visibility } : { kind, questionId: d.questionId, answer: d.answer, visibility } };
  }
}

/** The visibility the draft will be saved with: the one chosen, else the kind's default. */
export function draftVisibility(kind: KnowledgeKind, d: EntryDraft): KnowledgeVisibility {
  return d.visibility ?? defaultVisibility(kind);
}
