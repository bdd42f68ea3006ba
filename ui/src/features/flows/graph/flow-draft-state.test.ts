import { describe, expect, it } from 'vitest';
import type { Flow } from '@contracts/flows';
import { draftSnapshot, flowEditorReducer, initialEditorState, type FlowEditorState } from './flow-draft-state';
import { toFlowGraph } from './flow-graph';
import { sampleGraph } from './flow-operations.fixture';

const flow: Flow = {
  id: 'f1',
  name: 'Hello',
  description: '',
  platform: 'instagram',
  isActive: false,
  flowData: sampleGraph,
  publishedVersion: null,
  hasUnpublishedChanges: false,
  runCounts: {},
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const isDirty = (s: FlowEditorState) => draftSnapshot(s.draft.settings, toFlowGraph(s.draft.nodes, s.draft.edges)) !== s.savedSnapshot;
const sentOf = (s: FlowEditorState) => ({ settings: s.draft.settings, graph: toFlowGraph(s.draft.nodes, s.draft.edges) });

describe('flowEditorReducer', () => {
  it('a new flow is one Start trigger named "Untitled Flow" for every platform, and starts clean', () => {
    const state = initialEditorState(null);
    expect(state.draft.settings).toEqual({ name: 'Untitled Flow', description: '', platform: 'multi' });
    expect(state.draft.nodes.map((n) => n.data.kind)).toEqual(['trigger']);
    expect(isDirty(state)).toBe(false);
  });

  it('a loaded flow keeps its settings and graph, and starts clean', () => {
    const state = initialEditorState(flow);
    expect(state.draft.settings).toEqual({ name: 'Hello', description: '', platform: 'instagram' });
    expect(toFlowGraph(state.draft.nodes, state.draft.edges).edges).toHaveLength(6);
    expect(isDirty(state)).toBe(false);
  });

  it('an edit makes it dirty; selecting or measuring does not; an edit that changes nothing keeps the state', () => {
    const state = initialEditorState(flow);
    expect(isDirty(flowEditorReducer(state, { type: 'setPlatform', platform: 'twitter' }))).toBe(true);
    expect(isDirty(flowEditorReducer(state, { type: 'selectOnlyNode', nodeId: '2' }))).toBe(false);
    expect(isDirty(flowEditorReducer(state, { type: 'measureNodes', sizes: [{ nodeId: '2', width: 1, height: 1 }] }))).toBe(false);
    expect(flowEditorReducer(state, { type: 'deleteNodes', nodeIds: ['nope'] })).toBe(state);
  });

  it('saved: what was sent becomes the baseline, and edits made meanwhile stay unsaved', () => {
    const edited = flowEditorReducer(initialEditorState(flow), { type: 'setName', name: 'Renamed' });
    const sent = sentOf(edited);
    const meanwhile = flowEditorReducer(edited, { type: 'setDescription', description: 'typed during the save' });
    const saved = flowEditorReducer(meanwhile, { type: 'saved', flow: { ...flow, name: 'Renamed', isActive: true }, sent });
    expect(saved.isActive).toBe(true);
    expect(isDirty(saved)).toBe(true);
    const back = flowEditorReducer(saved, { type: 'setDescription', description: '' });
    expect(isDirty(back)).toBe(false);
  });

  it('saved: a nameless flow takes the name the server gave it, and is clean', () => {
    const nameless = flowEditorReducer(initialEditorState(null), { type: 'setName', name: '  ' });
    const saved = flowEditorReducer(nameless, { type: 'saved', flow: { ...flow, name: 'Untitled Flow' }, sent: sentOf(nameless) });
    expect(saved.draft.settings.name).toBe('Untitled Flow');
    expect(isDirty(saved)).toBe(false);
  });
});
