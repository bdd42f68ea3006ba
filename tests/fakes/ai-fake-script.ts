import type { IncomingMessage } from 'node:http';

/**
 * What an AI contract fake answers next (tests/fakes/gemini.fake.ts, openai-compatible.fake.ts):
 * a structured answer (sent as the JSON text a model writes under a response schema), plain text,
 * an HTTP error with the provider's error body, or a hang (no answer until the client gives up).
 */
export type ScriptedReply =
  | { json: unknown; delayMs?: number }
  | { text: string; delayMs?: number }
  | { error: 400 | 403 | 404 | 429 | 500 | 503; message?: string; delayMs?: number }
  | { hang: true };

export const defaultAnswer = {
  answer: 'Thanks for asking! Here is what I know.',
  confidence: 0.8,
  funnelStage: 'diagnose',
  relatedOfferIds: [],
  suggestedActions: ['Tell me more'],
};

/**
 * The badge's status check (GET /api/ai/gemini/test) asks the model for one word with this exact
 * prompt, no system instruction and no response schema. The fakes answer it from `pingReply`, never
 * from the script, so tests can script answers without waiting for the badge first.
 */
export const PING_PROMPT = 'Reply with the single word: ok';

export function replyText(r: ScriptedReply): string {
  if ('json' in r) return JSON.stringify(r.json);
  if ('text' in r) return r.text;
  return '';
}

/** The text split into small pieces, as a model streams it. */
export function chunks(text: string, size = 8): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}
