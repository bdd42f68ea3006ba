/** The smallest zoom at which a node's 12 px summary line is still drawn at 11 px. */
export const READABLE_ZOOM = 11 / 12;

const MARGIN = 32;

/** docs/product-spec.md §9: each zoom-in or zoom-out click scales the canvas by 1.2. */
export const ZOOM_STEP = 1.2;

/** The zoom after one step in (`+1`) or out (`-1`), kept within the canvas's limits. */
export function steppedZoom(zoom: number, direction: 1 | -1, limits: { minZoom: number; maxZoom: number }): number {
  const next = direction === 1 ? zoom * ZOOM_STEP : zoom / ZOOM_STEP;
  return Math.min(limits.maxZoom, Math.max(limits.minZoom, next));
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/**
 * Where to look at a flow of these bounds on a canvas of this size. The flow's width always fits (no
 * node off to the side: a wide flow on a 390 px phone is zoomed out to fit, down to the canvas's
 * `minZoom`); its height fits only down to the readable zoom, below which the flow's top (the trigger)
 * is shown and the rest is a scroll away. Fitting every flow whole drew a five-step flow's text at about
 * 7 px. Never enlarged past `maxZoom`.
 */
export function readableViewport(bounds: Box, canvas: { width: number; height: number }, limits = { minZoom: 0.25, maxZoom: 1 }): Viewport {
  const roomX = Math.max(1, canvas.width - 2 * MARGIN);
  const roomY = Math.max(1, canvas.height - 2 * MARGIN);
  const fitX = roomX / Math.max(1, bounds.width);
  const fitY = roomY / Math.max(1, bounds.height);
  const zoom = Math.max(limits.minZoom, Math.min(limits.maxZoom, fitX, Math.max(READABLE_ZOOM, fitY)));
  const along = (start: number, size: number, room: number, canvasSize: number) =>
    size * zoom <= room ? (canvasSize - size * zoom) / 2 - start * zoom : MARGIN - start * zoom;
  return {
    x: along(bounds.x, bounds.width, roomX, canvas.width),
    y: along(bounds.y, bounds.height, roomY, canvas.height),
    zoom,
  };
}
