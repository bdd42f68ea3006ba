import type { SavedReply } from '@contracts/saved-replies';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { filterSavedReplies, slashQuery } from './saved-replies.helpers';
import { useSavedReplies } from './use-saved-replies';

/**
 * The reply box's `/` shortcut: typing `/` opens the saved replies, the word after it filters them;
 * ↑/↓ move, Enter or Tab inserts the highlighted reply (replacing the `/word`), Esc closes until the
 * text changes. `onKeyDown` answers true when it handled the key (the box must not send then).
 */
export function useSlashPicker(text: string, setText: (text: string) => void, enabled: boolean) {
  const query = enabled ? slashQuery(text) : null;
  const replies = useSavedReplies(query !== null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const open = query !== null && dismissedAt !== text;
  const items = useMemo(() => (query === null ? [] : filterSavedReplies(replies.data ?? [], query)), [replies.data, query]);
  const current = Math.min(active, Math.max(items.length - 1, 0));

  function insert(reply: SavedReply) {
    setText(reply.content);
    setActive(0);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean {
    // Alt+arrows belong to the inbox (next / previous conversation).
    if (!open || e.altKey) return false;
    if (e.key === 'Escape') {
      setDismissedAt(text);
      return true;
    }
    if (items.length === 0) return e.key === 'Enter';
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % items.length);
      return true;
    }
    if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      const chosen = items[current];
      if (chosen) insert(chosen);
      return true;
    }
    return false;
  }

  return {
    open,
    items,
    active: current,
    setActive,
    insert,
    onKeyDown,
    isPending: replies.isPending,
    error: replies.error,
  };
}
export type SlashPicker = ReturnType<typeof useSlashPicker>;
