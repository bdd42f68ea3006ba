/**
 * The platforms' reply windows, defined once (docs/platform-apis.md §2.1, §2.3). Replypilot never
 * sends outside them by itself: the flow compiler warns about a plan that would, the inbound
 * pipeline does not answer an event found too late, the send drivers check before every call, and
 * a broadcast skips contacts outside the messaging window (its SQL takes these as parameters).
 * `config/house-rules.test.ts` refuses these numbers spelled anywhere else.
 */

/** Meta's standard messaging window: an automated message only within 24 hours of the person's last message (§2.1). */
export const MESSAGING_WINDOW_HOURS = 24;
/** Meta's HUMAN_AGENT tag: a person (never an automation) may answer up to 7 days after the person's last message (§2.1). */
export const HUMAN_AGENT_WINDOW_DAYS = 7;
/** Meta's private reply: one per comment, within 7 days of the comment (§2.3). */
export const PRIVATE_REPLY_WINDOW_DAYS = 7;
/**
 * A Live comment's private reply only during the broadcast (§2.3); a broadcast lasts at most 4 hours,
 * so a Live comment older than that is past its broadcast for certain.
 */
export const LIVE_PRIVATE_REPLY_HOURS = 4;

const HOUR_MS = 3_600_000;
export const MESSAGING_WINDOW_MS = MESSAGING_WINDOW_HOURS * HOUR_MS;
export const HUMAN_AGENT_WINDOW_MS = HUMAN_AGENT_WINDOW_DAYS * 24 * HOUR_MS;
export const PRIVATE_REPLY_WINDOW_MS = PRIVATE_REPLY_WINDOW_DAYS * 24 * HOUR_MS;
