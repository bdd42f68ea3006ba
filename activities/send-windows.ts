const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

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
    if (f.commentAgeMs !== null && f.commentAgeMs > 7 * DAY_MS) {
      return { ok: false, error: 'Not sent: Meta allows a private reply only within 7 days of the comment' };
    }
    return { ok: true, humanAgentTag: false };
  }
  if (f.lastInboundAgeMs !== null && f.lastInboundAgeMs <= DAY_MS) return { ok: true, humanAgentTag: false };
  if (f.byPerson && f.lastInboundAgeMs !== null && f.lastInboundAgeMs <= 7 * DAY_MS) return { ok: true, humanAgentTag: true };
  const last = f.lastInboundAgeMs === null ? 'has never messaged this account' : `last wrote ${Math.floor(f.lastInboundAgeMs / HOUR_MS)} hours ago`;
  return {
    ok: false,
    error: f.byPerson
      ? `Not sent: outside Meta's messaging window — the contact ${last}; a person may reply within 7 days of their last message`
      : `Not sent: outside Meta's 24-hour messaging window — the contact ${last}`,
  };
}
