import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/** Where a tracked link came from: the flow's DM node, the comment rule or the broadcast, and who got it. */
export interface LinkTracking {
  /** PUBLIC_URL (or the web server's own URL in development): links become `<baseUrl>/l/<code>`. */
  baseUrl: string;
  flowId?: string | null;
  nodeId?: string | null;
  ruleId?: string | null;
  broadcastId?: string | null;
  contactId: string | null;
}

export interface PlannedLink {
  code: string;
  targetUrl: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const LINK_CODE_LENGTH = 12;
/** What a code looks like; anything else is not looked up. */
export const linkCodePattern = /^[A-Za-z0-9]{12}$/;

/** 12 base62 characters from the OS's CSPRNG (~71 bits): not guessable, not enumerable. */
export function newLinkCode(): string {
  let code = '';
  while (code.length < LINK_CODE_LENGTH) {
    for (const byte of randomBytes(32)) {
      // 248 = 4 × 62: rejecting bytes above it keeps every character equally likely.
      if (byte < 248 && code.length < LINK_CODE_LENGTH) code += ALPHABET[byte % 62];
    }
  }
  return code;
}

const urlInText = /\bhttps?:\/\/[^\s<>"']+/gi;
const trailingPunctuation = /[.,;:!?)\]}'"]+$/;

/**
 * The message's http(s) URLs replaced by `<baseUrl>/l/<code>`, one code per distinct URL (the same
 * URL twice in one message shares its code). Sentence punctuation after a URL stays outside it;
 * links that already point at our /l/ route and anything `new URL` refuses are left alone.
 */
export function planTrackedLinks(text: string, baseUrl: string, newCode: () => string = newLinkCode): { text: string; links: PlannedLink[] } {
  const byTarget = new Map<string, string>();
  const own = `${baseUrl}/l/`;
  const rewritten = text.replace(urlInText, (match) => {
    const tail = trailingPunctuation.exec(match)?.[0] ?? '';
    const candidate = match.slice(0, match.length - tail.length);
    if (candidate.startsWith(own) || !isHttpUrl(candidate)) return match;
    let code = byTarget.get(candidate);
    if (!code) {
      code = newCode();
      byTarget.set(candidate, code);
    }
    return `${own}${code}${tail}`;
  });
  return { text: rewritten, links: [...byTarget].map(([targetUrl, code]) => ({ code, targetUrl })) };
}

/** Only http(s) targets are ever stored or redirected to. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The planned links of one queued message, in the caller's (queueing) transaction. */
export async function saveTrackedLinks(
  db: Pick<pg.PoolClient, 'query'>,
  workspaceId: string,
  messageId: string,
  tracking: LinkTracking,
  links: PlannedLink[],
): Promise<void> {
  if (links.length === 0) return;
  await db.query(
    `insert into tracked_links (code, workspace_id, target_url, flow_id, node_id, rule_id, broadcast_id, contact_id, message_id)
     select code, $1, target_url, $2, $3, $4, $5, $6, $7
     from unnest($8::text[], $9::text[]) as l(code, target_url)`,
    [
      workspaceId,
      tracking.flowId ?? null,
      tracking.nodeId ?? null,
      tracking.ruleId ?? null,
      tracking.broadcastId ?? null,
      tracking.contactId,
      messageId,
      links.map((l) => l.code),
      links.map((l) => l.targetUrl),
    ],
  );
}
