import { describe, expect, it } from 'vitest';
import { edgeChangesToOperations, nodeChangesToOperations } from './canvas-changes';
import { applyFlowOperation } from './flow-operations';
import { sampleDraft } from './flow-operations.fixture';

describe("React Flow's changes as operations", () => {
  it('groups one batch of node changes by kind: measure, move, select, delete', () => {
    const ops = nodeChangesToOperations([
      { type: 'select', id: '2', selected: true },
      { type: 'position', id: '3', position: { x: 5, y: 6 }, dragging: true },
      { type: 'dimensions', id: '3', dimensions: { width: 240, height: 80 } },
      { type: 'remove', id: '4' },
      { type: 'position', id: '2', dragging: false },
    ]);
    expect(ops).toEqual([
      { type: 'measureNodes', sizes: [{ nodeId: '3', width: 240, height: 80 }] },
      {
        type: 'moveNodes',
        moves: [
          { nodeId: '3', position: { x: 5, y: 6 }, dragging: true },
          { nodeId: '2', dragging: false },
        ],
      },
      { type: 'selectNodes', changes: [{ nodeId: '2', selected: true }] },
      { type: 'deleteNodes', nodeIds: ['4'] },
    ]);
  });

  it('ignores changes that only come from the imperative API, and sizes without a size', () => {
    const item = sampleDraft().nodes[0]!;
    expect(
      nodeChangesToOperations([
        { type: 'add', item },
        { type: 'replace', id: '1', item },
        { type: 'dimensions', id: '1', resizing: true },
      ]),
    ).toEqual([]);
  });

  it('edge selection and Backspace become selectEdges and deleteEdges', () => {
    expect(
      edgeChangesToOperations([
        { type: 'select', id: 'e1-2', selected: true },
        { type: 'remove', id: 'e3-5' },
      ]),
    ).toEqual([
      { type: 'selectEdges', changes: [{ edgeId: 'e1-2', selected: true }] },
      { type: 'deleteEdges', edgeIds: ['e3-5'] },
    ]);
  });

  it("Backspace on a node: its own removal and React Flow's edge removals agree", () => {
    // React Flow reports the node and its edges separately; either order leaves no edge behind.
    let draft = sampleDraft();
    for (const op of [
      ...nodeChangesToOperations([{ type: 'remove', id: '3' }]),
      ...edgeChangesToOperations([
        { type: 'remove', id: 'e2-yes-3' },
        { type: 'remove', id: 'e3-5' },
      ]),
    ]) {
      draft = applyFlowOperation(draft, op);
    }
    expect(draft.nodes.map((n) => n.id)).toEqual(['1', '2', '4', '5']);
    expect(draft.edges.map((e) => e.id)).toEqual(['e1-2', 'e2-no-4', 'e4-A-5', 'e4-B-5']);
  });
});
