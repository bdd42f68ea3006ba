import { useEffect, useState } from 'react';

/**
 * The builder's full-screen mode: the editor covers the app's sidebar and top bar, so the canvas
 * gets the window (n8n gives it all of it). Escape leaves it, unless a dialog or a field has the key.
 */
export function useFullScreen() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target?.closest('[role="dialog"], input, textarea, select')) return;
      setOn(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on]);
  return { on, toggle: () => setOn((v) => !v) };
}
