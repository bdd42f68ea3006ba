import { useReactFlow, useStore, type FitViewOptions } from '@xyflow/react';
import { useEffect, useRef } from 'react';

/**
 * Re-fits the view when the canvas gets narrower or wider (a phone rotated, a window dragged down to
 * 390 px): the zoom chosen for a wide canvas leaves nodes off-screen on a narrow one. Height changes
 * (an on-screen keyboard opening) keep the user's view.
 */
export function FitOnResize({ options }: { options: FitViewOptions }) {
  const width = useStore((s) => s.width);
  const { fitView } = useReactFlow();
  const last = useRef(width);

  useEffect(() => {
    if (width === 0 || width === last.current) return;
    const first = last.current === 0;
    last.current = width;
    // The initial fit is React Flow's own (the fitView prop).
    if (first) return;
    const frame = requestAnimationFrame(() => void fitView(options));
    return () => cancelAnimationFrame(frame);
  }, [width, fitView, options]);

  return null;
}
