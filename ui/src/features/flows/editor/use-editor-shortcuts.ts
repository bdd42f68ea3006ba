import { useEffect, useRef } from 'react';
import { copySelection, type Clipboard } from '../graph/builder-operations';
import type { FlowDraftHandle } from './use-flow-draft';

/** Typing in a field keeps the browser's own undo, copy and paste. */
function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null;
}

/**
 * The canvas's keyboard: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redo, Ctrl/Cmd+C copy,
 * Ctrl/Cmd+V paste, Ctrl/Cmd+D duplicate. The clipboard stays inside this editor (it holds nodes, not text).
 * Backspace/Delete deletion is React Flow's own (flow-canvas.tsx).
 */
type Held = { clip: Clipboard; pastes: number } | null;

function duplicate(d: FlowDraftHandle) {
  const clip = copySelection(d.nodes, d.edges);
  if (clip) d.dispatch({ type: 'paste', clipboard: clip, offset: { x: 45, y: 45 } });
}

/** Handles one key press; true when it was ours. */
function handleKey(e: KeyboardEvent, d: FlowDraftHandle, clipboard: { current: Held }): boolean {
  const key = e.key.toLowerCase();
  if (key === 'z' && !e.shiftKey) d.undo();
  else if ((key === 'z' && e.shiftKey) || key === 'y') d.redo();
  else if (key === 'c' && !e.shiftKey) {
    const clip = copySelection(d.nodes, d.edges);
    // Nothing selected on the canvas: leave the page's normal copy alone.
    if (!clip) return false;
    clipboard.current = { clip, pastes: 0 };
  } else if (key === 'v' && !e.shiftKey) {
    const held = clipboard.current;
    if (!held) return false;
    held.pastes += 1;
    d.dispatch({ type: 'paste', clipboard: held.clip, offset: { x: 45 * held.pastes, y: 45 * held.pastes } });
  } else if (key === 'd' && !e.shiftKey) duplicate(d);
  else return false;
  return true;
}

export function useEditorShortcuts(draft: FlowDraftHandle, enabled: boolean) {
  const clipboard = useRef<Held>(null);
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || isTextTarget(e.target)) return;
      if (handleKey(e, latest.current, clipboard)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);

  return { duplicate: () => duplicate(latest.current) };
}
