/**
 * A lead's score, 0–100, from how much the person engages (docs/product-spec.md §3 Lead score):
 *
 * - inbound messages and comments: 8 points each, at most 40 (talking to us at all);
 * - replies (a DM after we messaged them): 10 each, at most 30 (a conversation, not a one-off);
 * - link clicks: 10 each, at most 20 (no click tracking yet, so 0 until there is);
 * - recency of the last activity: +10 within a day, +5 within a week, else 0.
 *
 * Caps keep one chatty person from outranking several signals. The score is written when activity
 * arrives (the counters are incremented in the same statement), so recency is as of that write: a
 * lead that goes quiet keeps its score until it next acts.
 */
export interface Engagement {
  inboundMessages: number;
  replies: number;
  linkClicks: number;
  lastActivityAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function leadScore(e: Engagement, now: Date): number {
  const inbound = Math.min(40, Math.max(0, e.inboundMessages) * 8);
  const replies = Math.min(30, Math.max(0, e.replies) * 10);
  const clicks = Math.min(20, Math.max(0, e.linkClicks) * 10);
  let recency = 0;
  if (e.lastActivityAt) {
    const age = now.getTime() - e.lastActivityAt.getTime();
    recency = age <= DAY_MS ? 10 : age <= 7 * DAY_MS ? 5 : 0;
  }
  return Math.min(100, inbound + replies + clicks + recency);
}
