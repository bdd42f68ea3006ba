import { describe, expect, it } from 'vitest';
import { applyFlowOperation as apply } from './flow-operations';
import { deepFreeze, sampleDraft, wiring } from './flow-operations.fixture';

const draft = deepFreeze(sampleDraft());
const nodeOf = (d: typeof draft, id: string) => d.nodes.find((n) => n.id === id);

describe('settings operations', () => {
  it('setName, setDescription and setPlatform change only the settings', () => {
    const next = apply(apply(apply(draft, { type: 'setName', name: 'Hi' }), { type: 'setDescription', description: 'd' }), {
      type: 'setPlatform',
      platform: 'twitter',
    });
    expect(next.settings).toEqual({ name: 'Hi', description: 'd', platform: 'twitter' });
    expect(next.nodes).toBe(draft.nodes);
    expect(next.edges).toBe(draft.edges);
  });
  it('setting the value already there returns the same draft', () => {
    expect(apply(draft, { type: 'setName', name: 'Sample' })).toBe(draft);
    expect(apply(draft, { type: 'setPlatform', platform: 'multi' })).toBe(draft);
  });
});

describe('addNode', () => {
  const next = apply(draft, { type: 'addNode', kind: 'delay', position: { x: 120, y: 340 } });
  it('adds the kind with the next id, its defaults and the given position', () => {
    expect(next.nodes).toHaveLength(6);
    expect(next.nodes[5]).toMatchObject({
      id: '6',
      type: 'step',
      position: { x: 120, y: 340 },
      data: { label: 'Delay Timer', kind: 'delay', config: { amount: 1, unit: 'hours' } },
    });
  });
  it('makes the new node the only selected element', () => {
    const selected = apply(apply(draft, { type: 'selectOnlyNode', nodeId: '2' }), {
      type: 'selectEdges',
      changes: [{ edgeId: 'e1-2', selected: true }],
    });
    const after = apply(selected, { type: 'addNode', kind: 'complete', position: { x: 0, y: 0 } });
    expect(after.nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['6']);
    expect(after.edges.some((e) => e.selected)).toBe(false);
  });
  it('is deterministic and bumps past ids already taken', () => {
    expect(apply(draft, { type: 'addNode', kind: 'delay', position: { x: 120, y: 340 } })).toEqual(next);
    const gap = apply(draft, { type: 'deleteNodes', nodeIds: ['3'] });
    expect(apply(gap, { type: 'addNode', kind: 'addTag', position: { x: 0, y: 0 } }).nodes.at(-1)?.id).toBe('6');
  });
});

describe('updateNodeLabel / updateNodeConfig', () => {
  it('renames one node and leaves its config and edges alone', () => {
    const next = apply(draft, { type: 'updateNodeLabel', nodeId: '3', label: 'Welcome' });
    expect(nodeOf(next, '3')?.data).toMatchObject({ label: 'Welcome', config: { text: 'hello' } });
    expect(nodeOf(next, '2')).toBe(nodeOf(draft, '2'));
    expect(next.edges).toBe(draft.edges);
  });
  it('replaces the config; edges stay when the exits did not change', () => {
    const next = apply(draft, { type: 'updateNodeConfig', nodeId: '3', config: { text: 'bye', quickReplies: [] } });
    expect(nodeOf(next, '3')?.data.config).toEqual({ text: 'bye', quickReplies: [] });
    expect(next.edges).toBe(draft.edges);
  });
  it('a renamed randomizer branch carries its edge along', () => {
    const config = {
      branches: [
        { key: 'A', weight: 50 },
        { key: 'Promo', weight: 50 },
      ],
    };
    const next = apply(draft, { type: 'updateNodeConfig', nodeId: '4', config });
    expect(wiring(next)).toContainEqual(['4', 'Promo', '5']);
    expect(wiring(next)).not.toContainEqual(['4', 'B', '5']);
    expect(next.edges.find((e) => e.sourceHandle === 'Promo')?.id).toBe('e4-Promo-5');
  });
  it("a removed branch's edge goes with it", () => {
    const config = { branches: [{ key: 'A', weight: 100 }] };
    const next = apply(draft, { type: 'updateNodeConfig', nodeId: '4', config });
    expect(wiring(next).filter(([source]) => source === '4')).toEqual([['4', 'A', '5']]);
  });
  it('an unknown node or an unchanged label returns the same draft', () => {
    expect(apply(draft, { type: 'updateNodeLabel', nodeId: '9', label: 'x' })).toBe(draft);
    expect(apply(draft, { type: 'updateNodeLabel', nodeId: '3', label: 'DM' })).toBe(draft);
    expect(apply(draft, { type: 'updateNodeConfig', nodeId: '9', config: {} })).toBe(draft);
  });
});

describe('moveNodes', () => {
  it('moves the named nodes, marks the drag, and keeps the others as they were', () => {
    const next = apply(draft, { type: 'moveNodes', moves: [{ nodeId: '3', position: { x: 7, y: 8 }, dragging: true }] });
    expect(nodeOf(next, '3')).toMatchObject({ position: { x: 7, y: 8 }, dragging: true });
    expect(nodeOf(next, '2')).toBe(nodeOf(draft, '2'));
    const dropped = apply(next, { type: 'moveNodes', moves: [{ nodeId: '3', dragging: false }] });
    expect(nodeOf(dropped, '3')).toMatchObject({ position: { x: 7, y: 8 }, dragging: false });
  });
  it('moving a node that is not there changes nothing', () => {
    expect(apply(draft, { type: 'moveNodes', moves: [{ nodeId: '9', position: { x: 1, y: 1 } }] })).toBe(draft);
  });
});

describe('deleteNodes / deleteEdges', () => {
  it('deleting a node removes every edge into and out of it', () => {
    const next = apply(draft, { type: 'deleteNodes', nodeIds: ['4'] });
    expect(next.nodes.map((n) => n.id)).toEqual(['1', '2', '3', '5']);
    expect(wiring(next)).toEqual([
      ['1', null, '2'],
      ['2', 'yes', '3'],
      ['3', null, '5'],
    ]);
  });
  it('deletes several at once, the Trigger included (the compiler then asks for one)', () => {
    const next = apply(draft, { type: 'deleteNodes', nodeIds: ['1', '5'] });
    expect(next.nodes.map((n) => n.id)).toEqual(['2', '3', '4']);
    expect(wiring(next)).toEqual([
      ['2', 'yes', '3'],
      ['2', 'no', '4'],
    ]);
  });
  it('deleteEdges removes only the named edges', () => {
    const next = apply(draft, { type: 'deleteEdges', edgeIds: ['e2-no-4', 'nope'] });
    expect(next.edges.map((e) => e.id)).toEqual(['e1-2', 'e2-yes-3', 'e3-5', 'e4-A-5', 'e4-B-5']);
    expect(next.nodes).toBe(draft.nodes);
  });
  it('deleting what is not there returns the same draft', () => {
    expect(apply(draft, { type: 'deleteNodes', nodeIds: ['9'] })).toBe(draft);
    expect(apply(draft, { type: 'deleteEdges', edgeIds: ['nope'] })).toBe(draft);
  });
});
