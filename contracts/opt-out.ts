import { z } from 'zod';

/**
 * A contact's opt-out (docs/platform-apis.md §2.11): a DM that is exactly one of the workspace's stop
 * words marks the contact opted out and gets one confirmation; until they send a start word, no
 * rule, flow or broadcast sends them anything automated. Words are matched on the whole message,
 * trimmed, ignoring case, accents and surrounding punctuation (workflows/opt-out-words.ts).
 */

export const OPT_OUT_WORDS_MAX = 30;
export const OPT_OUT_WORD_MAX_LENGTH = 40;
/** Instagram's DM text limit is 1,000 characters (docs/platform-apis.md §2.1); a confirmation stays well inside it. */
export const OPT_OUT_REPLY_MAX_LENGTH = 640;

const word = z.string().trim().min(1, 'A word cannot be empty').max(OPT_OUT_WORD_MAX_LENGTH, `At most ${OPT_OUT_WORD_MAX_LENGTH} characters`);
const words = z.array(word).min(1, 'List at least one word').max(OPT_OUT_WORDS_MAX, `At most ${OPT_OUT_WORDS_MAX} words`);
const reply = z.string().trim().min(1, 'The reply cannot be empty').max(OPT_OUT_REPLY_MAX_LENGTH, `At most ${OPT_OUT_REPLY_MAX_LENGTH} characters`);

/** The same normal form the matcher compares (workflows/opt-out-words.ts), so a word can't be on both lists under two spellings. */
export function normalizeOptOutText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .replace(/\s+/g, ' ');
}

export const optOutSettingsSchema = z.object({ stopWords: words, startWords: words, stopReply: reply, startReply: reply }).superRefine((s, ctx) => {
  const stops = new Set(s.stopWords.map(normalizeOptOutText));
  s.startWords.forEach((w, i) => {
    if (stops.has(normalizeOptOutText(w))) ctx.addIssue({ code: 'custom', path: ['startWords', i], message: `“${w}” is also a stop word` });
  });
  for (const [key, list] of [['stopWords', s.stopWords] as const, ['startWords', s.startWords] as const]) {
    list.forEach((w, i) => {
      if (normalizeOptOutText(w) === '') ctx.addIssue({ code: 'custom', path: [key, i], message: `“${w}” has no letters or digits` });
    });
  }
});
export type OptOutSettings = z.infer<typeof optOutSettingsSchema>;

/** English, plus the common words in French (ARRET), Spanish (BAJA) and German (STOPP). */
export const DEFAULT_OPT_OUT_SETTINGS: OptOutSettings = {
  stopWords: ['STOP', 'UNSUBSCRIBE', 'STOP ALL', 'OPT OUT', 'ARRET', 'BAJA', 'STOPP'],
  startWords: ['START', 'UNSTOP', 'SUBSCRIBE'],
  stopReply: "You're unsubscribed: you won't get any more automated messages from us. Reply START to resubscribe.",
  startReply: "Welcome back! You're subscribed to our automated messages again. Reply STOP at any time to unsubscribe.",
};

/** A stored value (workspaces.opt_out): null or one that no longer parses reads as the defaults. */
export function optOutSettingsOf(stored: unknown): OptOutSettings {
  const parsed = optOutSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_OPT_OUT_SETTINGS;
}

/** GET|PUT /api/settings/opt-out. */
export type OptOutSettingsBody = OptOutSettings & { isDefault: boolean };

/** What the contact panel and contact API say about it. */
export const OPTED_OUT_NOTE = 'Opted out: nothing automated is sent until they reply START';
