import { describe, expect, it } from 'vitest';
import { flowEditorReducer, initialEditorState, type FlowEditorAction, type FlowEditorState } from './flow-draft-state';
import { toFlowGraph } from './flow-graph';
import { compile } from '../../../../../flow-compiler/compile';

const run = (actions: FlowEditorAction[], start: FlowEditorState = initialEditorState(null)) => actions.reduce(flowEditorReducer, start);
const pairs = (s: FlowEditorState) => s.draft.edges.map((e) => `${e.source}${e.sourceHandle ? `:${e.sourceHandle}` : ''}->${e.target}`);

describe('appendNode (the palette add)', () => {
  it('chains each new node below the previous one and wires it', () => {
    const s = run([
      { type: 'appendNode', kind: 'instagramDM' },
      { type: 'appendNode', kind: 'delay' },
      { type: 'appendNode', kind: 'complete' },
    ]);
    expect(pairs(s)).toEqual(['1->2', '2->3', '3->4']);
    const [t, a, b, c] = s.draft.nodes;
    expect(a!.position.y).toBeGreaterThan(t!.position.y);
    expect(b!.position.y).toBeGreaterThan(a!.position.y);
    expect(c!.position.x).toBe(t!.position.x);
    expect(s.draft.nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['4']);
  });

  it('attaches to the selected node; a second child of the same node goes beside the first, not on top', () => {
    const s = run([
      { type: 'appendNode', kind: 'condition' },
      { type: 'appendNode', kind: 'instagramDM' },
      { type: 'selectOnlyNode', nodeId: '2' },
      { type: 'appendNode', kind: 'addTag' },
    ]);
    // The condition's first branch went to node 3, its next free branch to node 4.
    const edges = s.draft.edges.filter((e) => e.source === '2');
    expect(edges.map((e) => e.target)).toEqual(['3', '4']);
    expect(new Set(edges.map((e) => e.sourceHandle)).size).toBe(2);
    const [n3, n4] = [s.draft.nodes[2]!, s.draft.nodes[3]!];
    expect(n3.position.y).toBe(n4.position.y);
    expect(n4.position.x).not.toBe(n3.position.x);
  });

  it('a "+" on one exit attaches there: the No branch of a condition whose Yes is taken, its child beside the Yes child', () => {
    const s = run([
      { type: 'appendNode', kind: 'condition' },
      { type: 'appendNode', kind: 'instagramDM' },
      { type: 'appendNode', kind: 'complete', from: { nodeId: '2', handle: 'no' } },
    ]);
    expect(pairs(s)).toEqual(['1->2', '2:yes->3', '2:no->4']);
    const [n3, n4] = [s.draft.nodes[2]!, s.draft.nodes[3]!];
    expect(n4.position.y).toBe(n3.position.y);
    expect(n4.position.x).toBeGreaterThan(n3.position.x);
    expect(s.draft.nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['4']);
    // A "+" on an exit taken meanwhile falls back to the node's next free one (none here: added unwired).
    const again = run([{ type: 'appendNode', kind: 'addTag', from: { nodeId: '2', handle: 'no' } }], s);
    expect(pairs(again)).toEqual(pairs(s));
  });

  it('a "+" on the single exit of a node that is not selected attaches there, not to the selection', () => {
    const s = run([
      { type: 'appendNode', kind: 'instagramDM' },
      { type: 'addNode', kind: 'delay', position: { x: 600, y: 600 } },
      { type: 'appendNode', kind: 'complete', from: { nodeId: '2', handle: null } },
    ]);
    expect(pairs(s)).toEqual(['1->2', '2->4']);
  });

  it('refuses a second trigger; the draft is unchanged', () => {
    const start = initialEditorState(null);
    expect(run([{ type: 'appendNode', kind: 'trigger' }], start)).toBe(start);
    expect(run([{ type: 'addNode', kind: 'trigger', position: { x: 0, y: 0 } }], start)).toBe(start);
  });

  it('a flow built only by palette clicks compiles', () => {
    const s = run([
      { type: 'setPlatform', platform: 'instagram' },
      { type: 'appendNode', kind: 'instagramDM' },
      { type: 'appendNode', kind: 'complete' },
    ]);
    const graph = toFlowGraph(s.draft.nodes, s.draft.edges);
    expect(pairs(s)).toEqual(['1->2', '2->3']);
    expect(compile(graph, 'instagram').errors.filter((e) => e.code === 'unreachable' || e.code === 'dangling_edge')).toEqual([]);
  });
});

describe('undo / redo', () => {
  it('walks back and forth over adds, config edits and deletes; selection is not a step', () => {
    const s1 = run([{ type: 'appendNode', kind: 'instagramDM' }]);
    const s2 = run(
      [
        { type: 'updateNodeLabel', nodeId: '2', label: 'H' },
        { type: 'updateNodeLabel', nodeId: '2', label: 'Hi' },
        { type: 'selectOnlyNode', nodeId: '1' },
      ],
      s1,
    );
    expect(s2.past).toHaveLength(2); // the add, and the typing as one step
    const s3 = run([{ type: 'deleteNodes', nodeIds: ['2'] }], s2);
    expect(s3.draft.nodes).toHaveLength(1);
    const back = run([{ type: 'undo' }], s3);
    expect(back.draft.nodes.map((n) => n.data.label)).toEqual(['Start', 'Hi']);
    expect(pairs(back)).toEqual(['1->2']);
    const back2 = run([{ type: 'undo' }, { type: 'undo' }], back);
    expect(back2.draft.nodes).toHaveLength(1);
    expect(back2.past).toHaveLength(0);
    const forward = run([{ type: 'redo' }, { type: 'redo' }, { type: 'redo' }], back2);
    expect(forward.draft.nodes).toHaveLength(1);
    expect(run([{ type: 'undo' }], forward).draft.nodes.map((n) => n.data.label)).toEqual(['Start', 'Hi']);
  });

  it('deleting a node with its edges (and a selected edge elsewhere) is one step: one undo restores all of them', () => {
    const s = run([
      { type: 'appendNode', kind: 'instagramDM' },
      { type: 'appendNode', kind: 'delay' },
      { type: 'appendNode', kind: 'complete' },
    ]);
    const deleted = run([{ type: 'deleteNodes', nodeIds: ['3'], edgeIds: ['e1-2'] }], s);
    expect(deleted.draft.nodes.map((n) => n.id)).toEqual(['1', '2', '4']);
    expect(pairs(deleted)).toEqual([]);
    expect(deleted.past.length).toBe(s.past.length + 1);
    const back = run([{ type: 'undo' }], deleted);
    expect(back.draft.nodes.map((n) => n.id)).toEqual(['1', '2', '3', '4']);
    expect(pairs(back)).toEqual(['1->2', '2->3', '3->4']);
  });

  it('a new edit clears redo; a drag is one step', () => {
    const s = run([{ type: 'appendNode', kind: 'delay' }, { type: 'undo' }, { type: 'appendNode', kind: 'complete' }]);
    expect(s.future).toEqual([]);
    const dragged = run(
      [
        { type: 'moveNodes', moves: [{ nodeId: '2', position: { x: 10, y: 10 }, dragging: true }] },
        { type: 'moveNodes', moves: [{ nodeId: '2', position: { x: 20, y: 20 }, dragging: true }] },
        { type: 'moveNodes', moves: [{ nodeId: '2', position: { x: 30, y: 30 }, dragging: false }] },
      ],
      s,
    );
    expect(dragged.past.length).toBe(s.past.length + 1);
    expect(run([{ type: 'undo' }], dragged).draft.nodes[1]!.position).toEqual(s.draft.nodes[1]!.position);
  });
});

describe('paste and auto-layout', () => {
  it('pastes the selected nodes with their inner edges only, fresh ids, never the trigger', () => {
    const s = run([
      { type: 'appendNode', kind: 'instagramDM' },
      { type: 'appendNode', kind: 'delay' },
      { type: 'appendNode', kind: 'complete' },
      { type: 'selectNodes', changes: ['1', '2', '3', '4'].map((nodeId) => ({ nodeId, selected: nodeId !== '4' })) },
    ]);
    const picked = s.draft.nodes.filter((n) => n.selected && n.data.kind !== 'trigger');
    const ids = new Set(picked.map((n) => n.id));
    const clipboard = { nodes: picked, edges: s.draft.edges.filter((e) => ids.has(e.source) && ids.has(e.target)) };
    const pasted = run([{ type: 'paste', clipboard, offset: { x: 45, y: 45 } }], s);
    expect(pasted.draft.nodes.map((n) => n.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(pairs(pasted)).toEqual(['1->2', '2->3', '3->4', '5->6']);
    expect(pasted.draft.nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['5', '6']);
    expect(pasted.draft.nodes[4]!.position).toEqual({ x: s.draft.nodes[1]!.position.x + 45, y: s.draft.nodes[1]!.position.y + 45 });
  });

  it('auto-layout puts each node one row below its parent, siblings side by side, nothing overlapping', () => {
    const s = run([
      { type: 'addNode', kind: 'condition', position: { x: 900, y: 900 } },
      { type: 'connect', connection: { source: '1', target: '2', sourceHandle: null, targetHandle: null } },
      { type: 'selectOnlyNode', nodeId: '2' },
      { type: 'appendNode', kind: 'instagramDM' },
      { type: 'selectOnlyNode', nodeId: '2' },
      { type: 'appendNode', kind: 'addTag' },
      { type: 'autoLayout' },
    ]);
    const pos = Object.fromEntries(s.draft.nodes.map((n) => [n.id, n.position]));
    expect(pos['2']!.y).toBeGreaterThan(pos['1']!.y);
    expect(pos['3']!.y).toBe(pos['4']!.y);
    expect(pos['3']!.y).toBeGreaterThan(pos['2']!.y);
    expect(Math.abs(pos['3']!.x - pos['4']!.x)).toBeGreaterThanOrEqual(240);
    expect(run([{ type: 'undo' }], s).draft.nodes[1]!.position).toEqual({ x: 900, y: 900 });
  });
});
