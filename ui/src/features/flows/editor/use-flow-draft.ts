import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import { useCallback, useMemo, useState } from 'react';
import type { Flow, FlowGraph, FlowPlatform, NodeKind } from '../../../../../contracts/flows';
import { connectEdge, reconcileHandles } from '../graph/edge-helpers';
import {
  createNode,
  newFlowGraph,
  toEditorEdges,
  toEditorNodes,
  toFlowGraph,
  type EditorEdge,
  type EditorNode,
  type EditorNodeData,
} from '../graph/flow-graph';
import { sourceHandlesOf } from '../graph/node-summary';

export interface FlowSettings {
  name: string;
  description: string;
  platform: FlowPlatform;
}

function settingsOf(flow: Flow | null): FlowSettings {
  return flow
    ? { name: flow.name, description: flow.description, platform: flow.platform }
    : { name: 'Untitled Flow', description: '', platform: 'multi' };
}

const snapshot = (settings: FlowSettings, graph: FlowGraph) => JSON.stringify([settings, graph]);

/**
 * The flow being edited: settings, canvas nodes and edges, and whether it differs from what was
 * last saved. `initial` null = a new flow (spec §3: one Start trigger).
 */
export function useFlowDraft(initial: Flow | null) {
  const [settings, setSettings] = useState(() => settingsOf(initial));
  const [isActive, setIsActive] = useState(initial?.isActive ?? false);
  const [nodes, setNodes] = useState<EditorNode[]>(() => toEditorNodes((initial?.flowData ?? newFlowGraph()).nodes));
  const [edges, setEdges] = useState<EditorEdge[]>(() => toEditorEdges(initial?.flowData.edges ?? []));
  const graph = useMemo(() => toFlowGraph(nodes, edges), [nodes, edges]);
  // A new flow starts clean too: leaving it untouched needs no confirmation.
  const [saved, setSaved] = useState(() => snapshot(settingsOf(initial), graph));
  const current = useMemo(() => snapshot(settings, graph), [settings, graph]);

  const onNodesChange = useCallback(
    (changes: NodeChange<EditorNode>[]) => setNodes((ns) => applyNodeChanges(changes, ns)),
    [],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<EditorEdge>[]) => setEdges((es) => applyEdgeChanges(changes, es)),
    [],
  );
  const onConnect = useCallback((connection: Connection) => setEdges((es) => connectEdge(es, connection)), []);

  /** Palette click: the new node lands at a random spot and becomes the selected one. */
  const addNode = useCallback((kind: NodeKind) => {
    setNodes((ns) => [...ns.map((n) => (n.selected ? { ...n, selected: false } : n)), createNode(kind, ns)]);
    setEdges((es) => es.map((e) => (e.selected ? { ...e, selected: false } : e)));
  }, []);

  /** Label or configuration edits; edges follow renamed or removed branches. */
  const updateNode = useCallback(
    (id: string, patch: Partial<EditorNodeData>) => {
      const node = nodes.find((n) => n.id === id);
      if (!node) return;
      if (patch.config) {
        const before = sourceHandlesOf(node.data.kind, node.data.config);
        const after = sourceHandlesOf(patch.kind ?? node.data.kind, patch.config);
        setEdges((es) => reconcileHandles(es, id, before, after));
      }
      setNodes((ns) => ns.map((n) => (n.id === id ? { ...n, data: { ...n.data, ...patch } } : n)));
    },
    [nodes],
  );

  const removeNode = useCallback((id: string) => {
    setNodes((ns) => ns.filter((n) => n.id !== id));
    setEdges((es) => es.filter((e) => e.source !== id && e.target !== id));
  }, []);

  const selectNode = useCallback((id: string) => {
    setNodes((ns) => ns.map((n) => (n.selected === (n.id === id) ? n : { ...n, selected: n.id === id })));
  }, []);

  /** After a successful save: what was sent becomes the baseline (edits made meanwhile stay unsaved). */
  const markSaved = useCallback((flow: Flow, sent: { settings: FlowSettings; graph: FlowGraph }) => {
    setIsActive(flow.isActive);
    setSaved(snapshot({ ...sent.settings, name: flow.name }, sent.graph));
    // The server names a nameless flow "Untitled Flow".
    setSettings((cur) => (cur.name.trim() === '' ? { ...cur, name: flow.name } : cur));
  }, []);

  const selected = nodes.filter((n) => n.selected);
  return {
    settings,
    setSettings,
    isActive,
    nodes,
    edges,
    graph,
    selectedNode: selected.length === 1 ? selected[0]! : null,
    dirty: saved !== current,
    onNodesChange,
    onEdgesChange,
    onConnect,
    addNode,
    updateNode,
    removeNode,
    selectNode,
    markSaved,
  };
}

export type FlowDraft = ReturnType<typeof useFlowDraft>;
