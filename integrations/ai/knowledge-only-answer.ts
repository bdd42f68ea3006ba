import type { AnswerMode, AnswerSource, FunnelStage, RelatedOffer } from '../../contracts/ai';
import type { KnowledgeHit } from '../../contracts/knowledge';

export interface KnowledgeOnlyAnswer {
  response: string;
  mode: Extract<AnswerMode, 'knowledge_base' | 'none'>;
  confidence: number;
  funnelStage: FunnelStage;
  relatedOffers: RelatedOffer[];
  suggestedActions: string[];
  sources: AnswerSource[];
}

const QUOTE_CHARS = 600;
const MAX_QUOTES = 3;

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= QUOTE_CHARS ? flat : `${flat.slice(0, QUOTE_CHARS - 1).trimEnd()}…`;
}

function price(cents: number | null): string {
  return cents === null ? '' : ` ($${(cents / 100).toFixed(2).replace(/\.00$/, '')})`;
}

export function answerSource(h: KnowledgeHit): AnswerSource {
  return { id: h.id, kind: h.kind, title: h.title, source: h.source, url: h.url };
}

export function relatedOffer(h: KnowledgeHit): RelatedOffer {
  return { id: h.id, title: h.title, priceCents: h.priceCents, duration: h.duration, url: h.url };
}

/**
 * The answer when no model may answer the workspace's own people (no provider configured, or the
 * tier or its monthly quota gives none; ADR 0011): the best matching entries quoted word for word
 * with where they came from, labelled as quotes, or a plain "nothing matched". Never invents text:
 * every sentence is either fixed wording or an entry's own text. `confidence` is the best entry's
 * match score (what users see as "match score"). Pure: `hits` are in rank order, best first.
 */
export function knowledgeOnlyAnswer(hits: KnowledgeHit[], opts: { emptyHint?: string } = {}): KnowledgeOnlyAnswer {
  if (hits.length === 0) {
    return {
      response: `I couldn't find anything about that in the knowledge base.${opts.emptyHint ? ` ${opts.emptyHint}` : ''}`,
      mode: 'none',
      confidence: 0,
      funnelStage: 'hook',
      relatedOffers: [],
      suggestedActions: [],
      sources: [],
    };
  }
  const best = hits.slice(0, MAX_QUOTES);
  const lines = best.map((h, i) => {
    const from = h.url ? `${h.title}, ${h.url}` : h.title;
    return `${i + 1}. "${quote(h.body)}"${price(h.priceCents)}\n   — ${from} (${h.kind}${h.author ? `, ${h.author}` : ''})`;
  });
  const heading =
    best.length === 1
      ? 'From the knowledge base (quoted, not written by an AI):'
      : `From the knowledge base, the ${best.length} closest entries (quoted, not written by an AI):`;
  return {
    response: `${heading}\n\n${lines.join('\n\n')}`,
    mode: 'knowledge_base',
    confidence: best[0]!.score,
    funnelStage: 'hook',
    relatedOffers: best.filter((h) => h.kind === 'offer').map(relatedOffer),
    suggestedActions: [],
    sources: best.map(answerSource),
  };
}

/**
 * The fallback when a model was asked and failed (ADR 0011): the same quotes, with the best entry's
 * match score. Kept as its own name: the routes say which of the two situations they answer. Pure.
 */
export function fallbackAnswer(hits: KnowledgeHit[]): KnowledgeOnlyAnswer {
  return knowledgeOnlyAnswer(hits);
}

const KIND_LABEL: Record<KnowledgeHit['kind'], string> = {
  profile: 'our',
  offer: 'our offer',
  faq: 'our FAQ',
  document: 'our notes',
  testimonial: 'a review',
  page: 'our website',
};

/**
 * A contact's answer without a model (ADR 0037): the one passage of the best entry that answers,
 * never the whole entry, in a DM a customer can read: where it comes from, the passage in quotes,
 * and for an offer its price, duration and link (its structured facts). Only fixed wording and the
 * entry's own text. The caller passes public entries only (searchKnowledge, audience `contact`).
 */
export function contactQuote(hits: KnowledgeHit[]): KnowledgeOnlyAnswer {
  const best = hits[0];
  if (!best) return knowledgeOnlyAnswer([]);
  const origin = best.kind === 'profile' ? `our ${best.title.toLowerCase()}` : `${KIND_LABEL[best.kind]} "${best.title}"`;
  const facts =
    best.kind === 'offer'
      ? [best.priceCents === null ? null : `$${(best.priceCents / 100).toFixed(2).replace(/\.00$/, '')}`, best.duration, best.url].filter(Boolean).join(' · ')
      : '';
  const passage = best.passage || quote(best.body);
  return {
    response: `From ${origin}: "${passage}"${facts ? `\n${facts}` : ''}`,
    mode: 'knowledge_base',
    confidence: best.score,
    funnelStage: 'hook',
    relatedOffers: best.kind === 'offer' ? [relatedOffer(best)] : [],
    suggestedActions: [],
    sources: [answerSource(best)],
  };
}
