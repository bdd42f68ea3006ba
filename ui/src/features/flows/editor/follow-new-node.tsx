import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import type { EditorNode } from '../graph/flow-graph';

/** A node not measured yet is about this big (w-60, two lines). */
const DEFAULT_SIZE = { width: 240, height: 80 };
const MARGIN = 24;

/**
 * The view follows a new node: when a step is added (palette, "+", paste) outside what the canvas
 * shows, the canvas pans to centre it at the current zoom, as n8n and ManyChat do. The first render,
 * and nodes that are already in view, leave the view alone.
 */
export function FollowNewNode({ nodes }: { nodes: EditorNode[] }) {
  const flow = useReactFlow();
  const store = useStoreApi();
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    const ids = new Set(nodes.map((n) => n.id));
    const before = known.current;
    known.current = ids;
    if (!before) return;
    const added = nodes.filter((n) => !before.has(n.id));
    const node = added.at(-1);
    if (!node) return;
    const frame = requestAnimationFrame(() => {
      const { width, height } = store.getState();
      const { x, y, zoom } = flow.getViewport();
      const size = { width: node.measured?.width ?? DEFAULT_SIZE.width, height: node.measured?.height ?? DEFAULT_SIZE.height };
      const left = node.position.x * zoom + x;
      const top = node.position.y * zoom + y;
      const inView = left >= MARGIN && top >= MARGIN && left + size.width * zoom <= width - MARGIN && top + size.height * zoom <= height - MARGIN;
      if (inView || width === 0) return;
      void flow.setCenter(node.position.x + size.width / 2, node.position.y + size.height / 2, { zoom, duration: 250 });
    });
    return () => cancelAnimationFrame(frame);
  }, [nodes, flow, store]);

  return null;
}
