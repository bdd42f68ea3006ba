import { useEffect, useRef } from 'react';

/** Keys typed into a field are text, not shortcuts (Alt+arrows excepted: they type nothing). */
function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The id `step` places away from `current` in `ids` (the first when nothing is open), or null at either end. */
export function neighbour(ids: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const at = current ? ids.indexOf(current) : -1;
  if (at === -1) return ids[0] ?? null;
  return ids[at + step] ?? null;
}

/**
 * Inbox keyboard navigation: j / Alt+↓ opens the next conversation in the list, k / Alt+↑ the
 * previous one (j and k only outside text fields). The opened row is scrolled into view.
 */
export function useConversationKeys(ids: readonly string[], selectedId: string | null, select: (id: string) => void) {
  // The last id a key opened: a second press before the page re-renders (key repeat) moves on from it.
  const current = useRef(selectedId);
  useEffect(() => {
    current.current = selectedId;
  }, [selectedId]);
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.isComposing) return;
      let step: 1 | -1 | null = null;
      // Alt+arrows even when a widget took the arrow (Headless UI buttons preventDefault ArrowDown).
      if (e.altKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) step = e.key === 'ArrowDown' ? 1 : -1;
      else if (!e.defaultPrevented && !e.altKey && !e.shiftKey && !typingInField(e.target) && (e.key === 'j' || e.key === 'k')) step = e.key === 'j' ? 1 : -1;
      if (step === null) return;
      const next = neighbour(ids, current.current, step);
      e.preventDefault();
      if (!next) return;
      current.current = next;
      select(next);
      document.querySelector(`[data-conversation-id="${CSS.escape(next)}"]`)?.scrollIntoView({ block: 'nearest' });
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ids, select]);
}
