import { describe, expect, it } from 'vitest';
import { READABLE_ZOOM, readableViewport, steppedZoom, ZOOM_STEP } from './readable-viewport';

describe('readableViewport', () => {
  it('centres a small flow at zoom 1 (never enlarged past it)', () => {
    const v = readableViewport({ x: 0, y: 0, width: 240, height: 100 }, { width: 1000, height: 600 });
    expect(v).toEqual({ zoom: 1, x: 380, y: 250 });
  });

  it('fits a flow that fits at a readable zoom whole, centred', () => {
    const v = readableViewport({ x: 0, y: 0, width: 240, height: 560 }, { width: 1000, height: 600 });
    expect(v.zoom).toBeCloseTo(536 / 560);
    expect(v.zoom).toBeGreaterThan(READABLE_ZOOM);
    // Centred both ways.
    expect(v.y + (560 * v.zoom) / 2).toBeCloseTo(300);
    expect(v.x + (240 * v.zoom) / 2).toBeCloseTo(500);
  });

  it('keeps a tall five-step flow readable and shows its top (the trigger) instead of shrinking it', () => {
    // Five nodes of ~90 px, 120 px apart: about 570 px tall, on a 400 px high canvas.
    const v = readableViewport({ x: 100, y: 50, width: 240, height: 1000 }, { width: 900, height: 400 });
    expect(v.zoom).toBe(READABLE_ZOOM);
    // Top edge of the flow at the 32 px margin; centred across.
    expect(50 * v.zoom + v.y).toBeCloseTo(32);
    expect(100 * v.zoom + v.x + (240 * v.zoom) / 2).toBeCloseTo(450);
  });

  it('always fits the width: a wide flow on a 390 px phone is zoomed out until no node is off to the side', () => {
    const v = readableViewport({ x: -200, y: 0, width: 1140, height: 90 }, { width: 390, height: 600 });
    expect(v.zoom).toBeCloseTo(326 / 1140);
    expect(-200 * v.zoom + v.x).toBeCloseTo(32);
    expect((-200 + 1140) * v.zoom + v.x).toBeCloseTo(390 - 32);
  });

  it('never below the canvas minimum zoom, never above its maximum', () => {
    expect(readableViewport({ x: 0, y: 0, width: 5000, height: 90 }, { width: 1000, height: 600 }, { minZoom: 0.5, maxZoom: 2 }).zoom).toBe(0.5);
    expect(readableViewport({ x: 0, y: 0, width: 10, height: 10 }, { width: 1000, height: 600 }, { minZoom: 0.5, maxZoom: 2 }).zoom).toBe(2);
  });
});

describe('steppedZoom', () => {
  it('scales by the spec’s 1.2 per click, within the limits', () => {
    expect(ZOOM_STEP).toBe(1.2);
    expect(steppedZoom(1, 1, { minZoom: 0.5, maxZoom: 2 })).toBeCloseTo(1.2);
    expect(steppedZoom(1.2, -1, { minZoom: 0.5, maxZoom: 2 })).toBeCloseTo(1);
    expect(steppedZoom(1.9, 1, { minZoom: 0.5, maxZoom: 2 })).toBe(2);
    expect(steppedZoom(0.55, -1, { minZoom: 0.5, maxZoom: 2 })).toBe(0.5);
  });
});
