/** The smallest zoom at which a node's 12 px summary line is still drawn at 11 px. */
export const READABLE_ZOOM = 11 / 12;

const MARGIN = 32;

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
 * Where to look at a flow of these bounds on a canvas of this size: the whole flow, centred, when it
 * fits at a readable zoom (at most 1); otherwise the readable zoom, with the flow's top and left edge
 * in view (the trigger sits at the top) and the rest a scroll away. Fitting every flow whole drew a
 * five-step flow's text at about 7 px.
 */
export function readableViewport(bounds: Box, canvas: { width: number; height: number }, maxZoom = 1): Viewport {
  const roomX = Math.max(1, canvas.width - 2 * MARGIN);
  const roomY = Math.max(1, canvas.height - 2 * MARGIN);
  const fit = Math.min(roomX / Math.max(1, bounds.width), roomY / Math.max(1, bounds.height));
  const zoom = Math.max(READABLE_ZOOM, Math.min(fit, maxZoom));
  const along = (start: number, size: number, room: number, canvasSize: number) =>
    size * zoom <= room ? (canvasSize - size * zoom) / 2 - start * zoom : MARGIN - start * zoom;
  return {
    x: along(bounds.x, bounds.width, roomX, canvas.width),
    y: along(bounds.y, bounds.height, roomY, canvas.height),
    zoom,
  };
}
