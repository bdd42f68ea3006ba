import type { BroadcastSegment } from '../../contracts/broadcasts';
import { MESSAGING_WINDOW_HOURS } from '../../contracts/platform-windows';

/**
 * The segment as SQL over `contacts c join social_accounts a`: a where clause with numbered
 * parameters starting at `$<first>` (the caller's `$1` is the workspace id).
 */
export function segmentWhere(segment: BroadcastSegment, first: number): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${first + params.length - 1}`;
  };
  if (segment.tags.length > 0) parts.push(`c.tags @> ${p(segment.tags)}::text[]`);
  if (segment.fields.length > 0) parts.push(`c.custom_fields @> ${p(JSON.stringify(Object.fromEntries(segment.fields.map((f) => [f.key, f.value]))))}::jsonb`);
  if (segment.platform) parts.push(`a.platform = ${p(segment.platform)}`);
  if (segment.leadStatus) {
    parts.push(`exists (select 1 from leads l where l.workspace_id = c.workspace_id and l.contact_id = c.id and l.status = ${p(segment.leadStatus)})`);
  }
  if (segment.lastInboundWithinHours !== null) parts.push(`c.last_inbound_at >= now() - make_interval(hours => ${p(segment.lastInboundWithinHours)})`);
  return { sql: parts.length ? parts.map((s) => `and ${s}`).join(' ') : '', params };
}

export const SKIP_REASONS = {
  optedOut: 'Opted out (replied STOP): nothing automated is sent until they reply START',
  paused: 'Paused: a teammate is handling this conversation',
  account: 'The account is turned off or needs reconnecting',
  never: `Has never messaged this account: Meta lets a business write only within ${MESSAGING_WINDOW_HOURS} hours of the contact's last message`,
  outside: `Outside Meta's ${MESSAGING_WINDOW_HOURS}-hour messaging window, and no message tag allows a broadcast`,
  closed: `Meta's ${MESSAGING_WINDOW_HOURS}-hour messaging window closed before this contact's turn`,
} as const;

/**
 * Why a contact cannot get a broadcast now (null: reachable), by Meta's rules (docs/platform-apis.md
 * §2.1): a business may message a contact only within the messaging window after the contact's last
 * message; the message tags that reach further are not for promotional content (HUMAN_AGENT is for a
 * person's reply), so none applies to a broadcast. X has no messaging window (§4.2): X contacts are
 * reachable. A contact who opted out (docs/platform-apis.md §2.11), or whom a teammate took over until
 * a time still ahead (contracts/takeover.ts), gets no broadcast on any platform.
 * `windowHours` is the SQL parameter the caller binds to MESSAGING_WINDOW_HOURS.
 */
export function skipReasonSql(windowHours: string): string {
  return `case
  when c.opted_out_at is not null then '${SKIP_REASONS.optedOut}'
  when c.automation_paused_until > now() then '${SKIP_REASONS.paused}'
  when a.status <> 'active' or not a.is_active then '${SKIP_REASONS.account}'
  when a.platform = 'twitter' then null
  when c.last_inbound_at is null then '${SKIP_REASONS.never.replace(/'/g, "''")}'
  when c.last_inbound_at < now() - make_interval(hours => ${windowHours}) then '${SKIP_REASONS.outside.replace(/'/g, "''")}'
  else null end`;
}
