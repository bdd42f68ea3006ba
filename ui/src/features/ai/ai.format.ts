import { aiErrors, type AiStatus, type AnswerSource, type ChatPlatform, type FunnelStage } from '@contracts/ai';
import type { KnowledgeKind } from '@contracts/knowledge';
import type { BadgeTone } from '../../components/badge';
import { ApiError } from '../../lib/api';
import { AiAnswerError } from './ai.api';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** docs/product-spec.md §9: amounts in cents are shown as USD. */
export function formatUsdCents(cents: number): string {
  return usd.format(cents / 100);
}

/**
 * The retrieval's match score as users see it: 0.874 → "match score 0.87" (0 to 1, how much of the
 * question the best knowledge entry holds; db/knowledge/search-knowledge.ts). Never a percentage
 * "confidence": nobody measured how likely the answer is to be right.
 */
export function formatMatchScore(score: number): string {
  return `match score ${Math.min(1, Math.max(0, score)).toFixed(2)}`;
}

export const funnelStageLabels: Record<FunnelStage, string> = {
  hook: 'Hook',
  diagnose: 'Diagnose',
  prescribe: 'Prescribe',
  objection: 'Objection',
  close: 'Close',
};

export const chatPlatformLabels: Record<ChatPlatform, string> = {
  general: 'General',
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
};

const kindLabels: Record<KnowledgeKind, string> = {
  profile: 'Business profile',
  offer: 'Offer',
  faq: 'FAQ',
  document: 'Document',
  testimonial: 'Testimonial',
  page: 'Web page',
};

export const sourceKindLabel = (source: Pick<AnswerSource, 'kind'>) => kindLabels[source.kind];

export interface UsageView {
  text: string;
  /** 0–100, for the meter's width. */
  percent: number;
}

export function usageView(usage: { messagesUsed: number; messageLimit: number }): UsageView {
  const percent = usage.messageLimit > 0 ? Math.min(100, Math.round((usage.messagesUsed / usage.messageLimit) * 100)) : 100;
  return {
    text: `${usage.messagesUsed.toLocaleString('en-US')} of ${usage.messageLimit.toLocaleString('en-US')} messages used`,
    percent,
  };
}

export interface AiStatusView {
  label: string;
  tone: BadgeTone;
  /** The panel footer's line on who answers. */
  credit: string;
}

/** The real state behind the assistant's badge (GET /api/ai/gemini/test); never a fixed "Live". */
export function aiStatusView(status: AiStatus | undefined, failed: boolean): AiStatusView {
  if (failed) {
    return { label: 'Unavailable', tone: 'danger', credit: "Couldn't check the AI service, so answers may not arrive." };
  }
  if (!status) return { label: 'Checking…', tone: 'neutral', credit: 'Checking which AI service answers…' };
  if (status.provider === null) {
    return {
      label: 'Knowledge base only',
      tone: 'info',
      credit: 'No AI model is configured on this server: answers quote your knowledge base.',
    };
  }
  const name = status.provider === 'gemini' ? 'Gemini' : 'OpenAI-compatible';
  const model = status.model ? ` (${status.model})` : '';
  if (status.reachable === false) {
    return {
      label: 'Unavailable',
      tone: 'danger',
      credit: `${name}${model} is configured but not reachable${status.error ? `: ${status.error}` : ''}.`,
    };
  }
  const provider = status.provider === 'gemini' ? 'Google Gemini' : `an OpenAI-compatible model`;
  return {
    label: `Live · ${name}`,
    tone: 'success',
    credit: `Answers by ${provider}${model}, from your knowledge base.`,
  };
}

export interface AiFailureView {
  title: string;
  description: string;
  /** The server answered with a reason (vs. the request never got an answer). */
  answered: boolean;
}

/** The server's plain-words reason (`details`) when its error body has one, else its message. */
function serverReason(err: ApiError): string | undefined {
  try {
    const parsed: unknown = JSON.parse(err.bodyText);
    if (parsed && typeof parsed === 'object' && 'details' in parsed && typeof parsed.details === 'string' && parsed.details) {
      return parsed.details;
    }
  } catch {
    // Not JSON: serverMessage() says undefined too.
  }
  return err.serverMessage();
}

function serverHeadline(err: ApiError): string | undefined {
  try {
    const parsed: unknown = JSON.parse(err.bodyText);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') return parsed.error;
  } catch {
    // Not JSON.
  }
  return undefined;
}

/**
 * docs/product-spec.md §8: a reply carrying an error → 'AI Service Unavailable' with its details (or
 * 'AI service requires configuration'); no reply at all or a network failure → 'Connection Issue'.
 * The server says 'Connection Issue' itself when the model gave no answer in time (504, or the
 * stream's `error` event): that keeps its headline, with the server's reason.
 */
export function describeAiFailure(err: unknown, connectionText: string): AiFailureView {
  if (err instanceof AiAnswerError) {
    const title = err.code === aiErrors.connection ? aiErrors.connection : aiErrors.unavailable;
    return { title, description: err.message || 'AI service requires configuration', answered: true };
  }
  if (err instanceof ApiError) {
    const connection = err.status === 504 || serverHeadline(err) === aiErrors.connection;
    return {
      title: connection ? aiErrors.connection : aiErrors.unavailable,
      description: serverReason(err) ?? (err.status === 503 ? 'AI service requires configuration' : err.message),
      answered: true,
    };
  }
  return { title: aiErrors.connection, description: connectionText, answered: false };
}
