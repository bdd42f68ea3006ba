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
 * The answer when no model may answer (no provider configured, or the tier or its monthly quota
 * gives none; ADR 0011): the best matching entries quoted word for word with where they came from,
 * labelled as quotes, or a plain "nothing matched". Never invents text: every sentence is either
 * fixed wording or an entry's own text. Pure: `hits` are in rank order, best first.
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
    // Only a measure of how much matched: a quote is not an answer someone checked.
    confidence: Math.min(0.6, 0.3 + 0.1 * best.length),
    funnelStage: 'hook',
    relatedOffers: best.filter((h) => h.kind === 'offer').map(relatedOffer),
    suggestedActions: [],
    sources: best.map(answerSource),
  };
}

/**
 * The fallback when a model was asked and failed (ADR 0011): the same quotes, with a confidence from
 * how well the best entry matched — its search rank r as r / (1 + r), at most 0.6 like every quote
 * (full-text ranks run from about 0.1 for one word to several for a close match; a typo-only match
 * ranks below 0.01). Pure.
 */
export function fallbackAnswer(hits: KnowledgeHit[]): KnowledgeOnlyAnswer {
  const kb = knowledgeOnlyAnswer(hits);
  const best = hits[0];
  if (!best || kb.mode === 'none') return kb;
  const r = Math.max(0, best.rank);
  return { ...kb, confidence: Math.round(Math.min(0.6, r / (1 + r)) * 100) / 100 };
}
