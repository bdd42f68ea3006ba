import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useCallback } from 'react';
import { readableViewport } from './readable-viewport';

/** Fits the flow into the canvas without drawing its text below 11 px (readable-viewport.ts). */
export function useReadableFit() {
  const flow = useReactFlow();
  const store = useStoreApi();
  return useCallback(
    (duration = 0) => {
      const { width, height, minZoom } = store.getState();
      const nodes = flow.getNodes();
      if (width === 0 || height === 0 || nodes.length === 0) return;
      void flow.setViewport(readableViewport(flow.getNodesBounds(nodes), { width, height }, { minZoom, maxZoom: 1 }), { duration });
    },
    [flow, store],
  );
}
