import {
  HUMAN_AGENT_WINDOW_DAYS,
  HUMAN_AGENT_WINDOW_MS,
  MESSAGING_WINDOW_HOURS,
  MESSAGING_WINDOW_MS,
  PRIVATE_REPLY_WINDOW_DAYS,
  PRIVATE_REPLY_WINDOW_MS,
} from '../contracts/platform-windows';

const HOUR_MS = 3_600_000;

export interface WindowFacts {
  kind: 'dm' | 'private_reply' | 'public_reply';
  /** How long ago the contact last wrote to us (ms); null: never. */
  lastInboundAgeMs: number | null;
  /** How old the comment is (ms); null: unknown to us. */
  commentAgeMs: number | null;
  /** A person typed it (inbox / Social Messaging), not an automation. */
  byPerson: boolean;
}

export type WindowDecision = { ok: true; humanAgentTag: boolean } | { ok: false; error: string };

/**
 * Meta's messaging windows, checked before anything is sent (docs/platform-apis.md §2.1, §2.3):
 * a DM needs the contact's last message within 24 hours; a person (not a bot) may answer up to
 * 7 days after it with the HUMAN_AGENT tag; a private reply must come within 7 days of the comment.
 */
export function checkSendWindow(f: WindowFacts): WindowDecision {
  if (f.kind === 'public_reply') return { ok: true, humanAgentTag: false };
  if (f.kind === 'private_reply') {
    if (f.commentAgeMs !== null && f.commentAgeMs > PRIVATE_REPLY_WINDOW_MS) {
      return { ok: false, error: `Not sent: Meta allows a private reply only within ${PRIVATE_REPLY_WINDOW_DAYS} days of the comment` };
    }
    return { ok: true, humanAgentTag: false };
  }
  if (f.lastInboundAgeMs !== null && f.lastInboundAgeMs <= MESSAGING_WINDOW_MS) return { ok: true, humanAgentTag: false };
  if (f.byPerson && f.lastInboundAgeMs !== null && f.lastInboundAgeMs <= HUMAN_AGENT_WINDOW_MS) return { ok: true, humanAgentTag: true };
  const last = f.lastInboundAgeMs === null ? 'has never messaged this account' : `last wrote ${Math.floor(f.lastInboundAgeMs / HOUR_MS)} hours ago`;
  return {
    ok: false,
    error: f.byPerson
      ? `Not sent: outside Meta's messaging window — the contact ${last}; a person may reply within ${HUMAN_AGENT_WINDOW_DAYS} days of their last message`
      : `Not sent: outside Meta's ${MESSAGING_WINDOW_HOURS}-hour messaging window — the contact ${last}`,
  };
}
