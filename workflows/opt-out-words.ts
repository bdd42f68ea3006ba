import type { InboundForecast } from '../contracts/keyword-clashes';
import { normalizeOptOutText, type OptOutSettings } from '../contracts/opt-out';

export type OptOutWord = 'stop' | 'start';

/**
 * Whether a DM is an opt-out ('stop') or opt-in ('start') word of the workspace: the WHOLE message,
 * trimmed, ignoring case, accents (ARRÊT = ARRET), inner runs of spaces and punctuation around it
 * ("Stop!", "stop."). A sentence that merely contains the word ("don't stop sending") is not one.
 */
export function matchOptOutWord(text: string, settings: Pick<OptOutSettings, 'stopWords' | 'startWords'>): OptOutWord | null {
  // The longest configured word is 40 characters; a long message can't be one (and isn't normalised).
  if (text.length > 200) return null;
  const t = normalizeOptOutText(text);
  if (t === '') return null;
  if (settings.stopWords.some((w) => normalizeOptOutText(w) === t)) return 'stop';
  if (settings.startWords.some((w) => normalizeOptOutText(w) === t)) return 'start';
  return null;
}

/** The contact an inbound event is from, as the opt-out sees them (the Simulator's forecast). */
export interface ContactOptOut {
  /** How the contact is named in the sentence, e.g. "@maya". */
  who: string;
  optedOut: boolean;
  /** matchOptOutWord of a DM's text; null for a comment. */
  word: OptOutWord | null;
  /** A teammate took the conversation over (contracts/takeover.ts): automation is paused for them. */
  paused?: boolean;
}

/**
 * What the opt-out does with an event before any rule or flow sees it (workers/inbound/opt-out.ts and
 * comments.ts mayAnswer, restated): null when it leaves the event to them.
 */
export function optOutForecast(text: string, c: ContactOptOut): InboundForecast | null {
  const said = `“${text.trim().slice(0, 40)}”`;
  const none = (reason: 'opt_out_word' | 'opted_out' | 'paused', message: string): InboundForecast => ({
    answeredBy: [],
    skipped: [],
    resumesWaitingRun: false,
    nothing: { reason, keywords: [] },
    message,
  });
  if (c.word === 'stop' && !c.optedOut) {
    return none(
      'opt_out_word',
      `${said} is an opt-out word: ${c.who} is marked opted out and gets one confirmation reply. Nothing automated is sent to them until they reply START.`,
    );
  }
  if (c.word === 'stop') return none('opt_out_word', `${c.who} already opted out: nothing is sent, not even a second confirmation.`);
  if (c.word === 'start' && c.optedOut) {
    return none(
      'opt_out_word',
      `${said} is a start word: ${c.who} is subscribed again and gets one welcome-back reply; automations answer their next message.`,
    );
  }
  if (c.optedOut) return none('opted_out', `${c.who} opted out: nothing automated is sent until they reply START.`);
  // A stop or start word still works while paused (workers/inbound/messages.ts checks the opt-out first).
  if (c.paused) {
    return none(
      'paused',
      `Automation is paused for ${c.who}: a teammate is handling this conversation. Nothing automated answers until someone presses Resume automation in the inbox or the quiet time passes.`,
    );
  }
  return null;
}
