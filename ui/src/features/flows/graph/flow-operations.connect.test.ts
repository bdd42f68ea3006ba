import { describe, expect, it } from 'vitest';
import { applyFlowOperation as apply, canConnect, connectRefusal } from './flow-operations';
import { deepFreeze, sampleDraft, wiring } from './flow-operations.fixture';

const draft = deepFreeze(sampleDraft());
const connection = (source: string, target: string, sourceHandle: string | null = null) => ({
  source,
  target,
  sourceHandle,
  targetHandle: null,
});

describe('connect', () => {
  it('adds an edge that remembers its branch', () => {
    const cut = apply(draft, { type: 'deleteEdges', edgeIds: ['e2-yes-3'] });
    const next = apply(cut, { type: 'connect', connection: connection('2', '5', 'yes') });
    expect(next.edges.at(-1)).toEqual({ id: 'e2-yes-5', source: '2', target: '5', sourceHandle: 'yes', targetHandle: null });
  });
  it('one exit per handle: connecting a branch again replaces its edge, not the other branch', () => {
    const next = apply(draft, { type: 'connect', connection: connection('2', '5', 'yes') });
    expect(wiring(next).filter(([source]) => source === '2')).toEqual([
      ['2', 'no', '4'],
      ['2', 'yes', '5'],
    ]);
  });
  it('a plain node has one unnamed exit', () => {
    const next = apply(draft, { type: 'connect', connection: connection('3', '4') });
    expect(wiring(next).filter(([source]) => source === '3')).toEqual([['3', null, '4']]);
  });

  // Each refusal returns the very same draft.
  const refused: Array<[string, ReturnType<typeof connection>]> = [
    ['a self-loop', connection('3', '3')],
    ['a node that is not there (source)', connection('9', '3')],
    ['a node that is not there (target)', connection('3', '9')],
    ['into the Trigger, which has no input', connection('3', '1')],
    ['a branch the condition does not have', connection('2', '5', 'maybe')],
    ['the unnamed exit of a branching node', connection('2', '5')],
    ['a named handle on a plain node', connection('3', '5', 'yes')],
    ['anything out of Complete', connection('5', '3')],
    ['a randomizer branch that was renamed away', connection('4', '3', 'C')],
  ];
  it.each(refused)('refuses %s', (_, c) => {
    expect(canConnect(draft.nodes, c)).toBe(false);
    expect(apply(draft, { type: 'connect', connection: c })).toBe(draft);
  });

  it('says why, in words the canvas shows', () => {
    expect(connectRefusal(draft.nodes, connection('3', '3'))).toMatch(/^A step can’t connect to itself/);
    expect(connectRefusal(draft.nodes, connection('3', '1'))).toBe(
      'Nothing can connect into the Trigger: it is where the flow starts. Connect from it instead.',
    );
    expect(connectRefusal(draft.nodes, connection('2', '5'))).toBe('Connect from one of this step’s branches (Yes, No).');
    expect(connectRefusal(draft.nodes, connection('5', '3'))).toBe('Done ends the flow: nothing comes after it.');
    expect(connectRefusal(draft.nodes, connection('2', '5', 'no'))).toBeNull();
  });

  it('re-validates against the handles the node draws now (after its branches changed)', () => {
    const renamed = apply(draft, {
      type: 'updateNodeConfig',
      nodeId: '4',
      config: {
        branches: [
          { key: 'A', weight: 50 },
          { key: 'C', weight: 50 },
        ],
      },
    });
    expect(canConnect(renamed.nodes, connection('4', '3', 'C'))).toBe(true);
    expect(canConnect(renamed.nodes, connection('4', '3', 'B'))).toBe(false);
  });
});

describe('selection and measuring (view state, never saved)', () => {
  it('selectNodes / selectEdges set the flags they name', () => {
    const next = apply(draft, { type: 'selectNodes', changes: [{ nodeId: '2', selected: true }] });
    expect(next.nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['2']);
    const edges = apply(next, { type: 'selectEdges', changes: [{ edgeId: 'e1-2', selected: true }] });
    expect(edges.edges.filter((e) => e.selected).map((e) => e.id)).toEqual(['e1-2']);
    expect(apply(next, { type: 'selectNodes', changes: [{ nodeId: '2', selected: true }] })).toBe(next);
  });
  it('selectOnlyNode selects that node and clears the other nodes', () => {
    const two = apply(draft, {
      type: 'selectNodes',
      changes: [
        { nodeId: '2', selected: true },
        { nodeId: '3', selected: true },
      ],
    });
    const next = apply(two, { type: 'selectOnlyNode', nodeId: '5' });
    expect(next.nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['5']);
  });
  it('measureNodes records the measured size once', () => {
    const next = apply(draft, { type: 'measureNodes', sizes: [{ nodeId: '3', width: 240, height: 80 }] });
    expect(next.nodes.find((n) => n.id === '3')?.measured).toEqual({ width: 240, height: 80 });
    expect(apply(next, { type: 'measureNodes', sizes: [{ nodeId: '3', width: 240, height: 80 }] })).toBe(next);
  });
});
