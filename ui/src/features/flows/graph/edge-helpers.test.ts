import { describe, expect, it } from 'vitest';
import { connectEdge, reconcileHandles } from './edge-helpers';
import type { EditorEdge } from './flow-graph';

const edge = (source: string, target: string, sourceHandle: string | null = null): EditorEdge => ({
  id: `e${source}${sourceHandle ? `-${sourceHandle}` : ''}-${target}`,
  source,
  target,
  sourceHandle,
});

describe('connectEdge', () => {
  it('adds an edge that remembers its source handle', () => {
    const edges = connectEdge([], { source: '2', target: '3', sourceHandle: 'yes', targetHandle: null });
    expect(edges).toEqual([{ id: 'e2-yes-3', source: '2', target: '3', sourceHandle: 'yes', targetHandle: null }]);
  });
  it('replaces the edge already leaving the same handle, not the other branch', () => {
    const start = [edge('2', '3', 'yes'), edge('2', '4', 'no')];
    const edges = connectEdge(start, { source: '2', target: '5', sourceHandle: 'yes', targetHandle: null });
    expect(edges.map((e) => e.id)).toEqual(['e2-no-4', 'e2-yes-5']);
  });
  it('ignores self-loops', () => {
    expect(connectEdge([], { source: '2', target: '2', sourceHandle: null, targetHandle: null })).toEqual([]);
  });
});

describe('reconcileHandles', () => {
  const edges = [edge('1', '2'), edge('2', '3', 'A'), edge('2', '4', 'B'), edge('2', '5', 'C')];
  it('moves the edge of a renamed branch', () => {
    const next = reconcileHandles(edges, '2', ['A', 'B', 'C'], ['A', 'Promo', 'C']);
    expect(next.map((e) => [e.sourceHandle, e.target])).toEqual([
      [null, '2'],
      ['A', '3'],
      ['Promo', '4'],
      ['C', '5'],
    ]);
    expect(next[2]?.id).toBe('e2-Promo-4');
  });
  it('drops the edge of a removed branch', () => {
    const next = reconcileHandles(edges, '2', ['A', 'B', 'C'], ['A', 'C']);
    expect(next.map((e) => e.target)).toEqual(['2', '3', '5']);
  });
  it('leaves everything alone when the handles did not change', () => {
    expect(reconcileHandles(edges, '2', ['A', 'B', 'C'], ['A', 'B', 'C'])).toBe(edges);
  });
});
