import type { SavedReply } from '@contracts/saved-replies';

/**
 * The `/` shortcut: a reply box holding only `/` and a word (no space yet) is asking for a saved
 * reply; the word filters them. Null when the text is a message.
 */
export function slashQuery(text: string): string | null {
  const match = /^\/(\S*)$/.exec(text);
  return match ? (match[1] ?? '') : null;
}

/** Replies whose name starts with the query first, then those whose name or text contains it. */
export function filterSavedReplies(replies: readonly SavedReply[], query: string): SavedReply[] {
  const q = query.toLowerCase();
  if (!q) return [...replies];
  const starts = replies.filter((r) => r.name.toLowerCase().startsWith(q));
  const contains = replies.filter((r) => !starts.includes(r) && (r.name.toLowerCase().includes(q) || r.content.toLowerCase().includes(q)));
  return [...starts, ...contains];
}
