import type { ModerationReason, ModerationSettings } from '../contracts/comment-moderation';
import { matchKeyword } from './match-keywords';

/**
 * A link as spammers write one: a scheme (http://, https://), `www.`, or a bare domain with a common
 * top-level domain ("cheap-followers.shop/x"). Plain words with a dot ("e.g.", "3.5") do not count.
 */
const LINK = /(\bhttps?:\/\/\S|\bwww\.\S|\b[a-z0-9-]{2,}\.(com|net|org|info|biz|io|co|me|ly|link|shop|store|xyz|top|site|online|club|app|gg|ru|cn|tk|to)\b)/iu;

export function containsLink(text: string): boolean {
  return LINK.test(text.normalize('NFKC'));
}

/**
 * Why a comment is moderated under these settings, or null (pure; ADR 0052). `repeatCount` is how
 * many comments with the same text the same person wrote on the account within the last hour,
 * this one included; the caller reads it only when the repeat rule is on. Keywords first, then
 * links, then repeats: the reason shown is the most specific one.
 */
export function moderationReason(settings: ModerationSettings | null, text: string, repeatCount: number | null): ModerationReason | null {
  if (!settings?.enabled) return null;
  const keyword = settings.keywords.length > 0 ? matchKeyword(text, settings.keywords) : null;
  if (keyword) return { kind: 'keyword', keyword };
  if (settings.blockLinks && containsLink(text)) return { kind: 'link' };
  if (settings.repeatLimit !== null && repeatCount !== null && repeatCount >= settings.repeatLimit) return { kind: 'repeat', times: repeatCount };
  return null;
}

/** The text the repeat rule compares: letter case, spacing and Unicode forms do not make a comment new. */
export function repeatKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
