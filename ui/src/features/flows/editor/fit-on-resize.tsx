import { useNodesInitialized, useStore } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { useReadableFit } from './use-readable-fit';

/**
 * The first fit, once the nodes are measured, and a re-fit when the canvas gets narrower or wider (a
 * phone rotated, a window dragged down to 390 px): the view chosen for a wide canvas leaves nodes
 * off-screen on a narrow one. Height changes (an on-screen keyboard opening) keep the user's view.
 * Both fit at a readable zoom (readable-viewport.ts), not React Flow's fit-everything.
 */
export function FitOnResize() {
  const width = useStore((s) => s.width);
  const initialized = useNodesInitialized();
  const fit = useReadableFit();
  const last = useRef(0);

  useEffect(() => {
    if (width === 0 || !initialized || width === last.current) return;
    last.current = width;
    const frame = requestAnimationFrame(() => fit());
    return () => cancelAnimationFrame(frame);
  }, [width, initialized, fit]);

  return null;
}
