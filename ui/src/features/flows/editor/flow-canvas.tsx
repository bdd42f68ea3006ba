import {
  Background,
  BackgroundVariant,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  useStore,
  type Connection,
  type EdgeChange,
  type FinalConnectionState,
  type NodeChange,
} from '@xyflow/react';
import { useCallback, useMemo, type CSSProperties } from 'react';
import { Icon } from '../../../components/icon';
import type { FlowError } from '@contracts/flows';
import { useTheme } from '../../theme/use-theme';
import type { EditorEdge, EditorNode } from '../graph/flow-graph';
import { nodeColorHex, nodeColorOf } from '../graph/node-colors';
import { connectRefusal } from '../graph/flow-operations';
import { handleLabel, sourceHandlesOf } from '../graph/node-summary';
import { freeHandles } from '../graph/builder-operations';
import { FitOnResize } from './fit-on-resize';
import { FlowNodeView } from './flow-node';
import { FollowNewNode } from './follow-new-node';
import { steppedZoom } from './readable-viewport';

// One node component draws every kind (saved as type 'default', docs/product-spec.md §3; 'step' avoids React Flow's default-node CSS).
const nodeTypes = { step: FlowNodeView };
const minimapStyle = { width: 200, height: 150 };
const deleteKeys = ['Backspace', 'Delete'];
// Shift-drag draws a selection box; Shift/Ctrl/Cmd-click adds a node to the selection.
const multiSelectKeys = ['Shift', 'Meta', 'Control'];
// Let the panel's own (light/dark) background show through.
const canvasStyle = { '--xy-background-color': 'transparent' } as CSSProperties;

interface FlowCanvasProps {
  nodes: EditorNode[];
  edges: EditorEdge[];
  edgeErrors: ReadonlyMap<string, FlowError[]>;
  onNodesChange: (changes: NodeChange<EditorNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<EditorEdge>[]) => void;
  onConnect: (connection: Connection) => void;
  /** Backspace/Delete over a selection: its nodes and edges go as ONE edit (one undo brings them back). */
  onDelete: (nodeIds: string[], edgeIds: string[]) => void;
  /** A connection the flow cannot take, with why (shown over the canvas). */
  onRefused: (reason: string) => void;
}

/** The node under a pointer, by its canvas element: a drop on a node's body counts as a drop on that node. */
function nodeIdAt(event: MouseEvent | TouchEvent): string | null {
  const point = 'changedTouches' in event ? event.changedTouches[0] : event;
  if (!point) return null;
  for (const el of document.elementsFromPoint(point.clientX, point.clientY)) {
    const id = el.closest('.react-flow__node')?.getAttribute('data-id');
    if (id) return id;
  }
  return null;
}

/**
 * docs/product-spec.md §9 canvas: zoom 0.5–2 in steps of 1.2, snap 15×15, minimap 200×150, connection
 * radius 20, dots 12/1. Handles hit 32 px (index.css); a connection dropped on a node's body goes to
 * that node; a refused one says why.
 */
export function FlowCanvas({ nodes, edges, edgeErrors, onNodesChange, onEdgesChange, onConnect, onDelete, onRefused }: FlowCanvasProps) {
  const { resolved } = useTheme();
  const flow = useReactFlow();
  const minZoom = useStore((s) => s.minZoom);
  const maxZoom = useStore((s) => s.maxZoom);
  const zoomBy = (direction: 1 | -1) => void flow.zoomTo(steppedZoom(flow.getZoom(), direction, { minZoom, maxZoom }), { duration: 150 });

  const connect = useCallback(
    (connection: Connection) => {
      const why = connectRefusal(nodes, connection);
      if (why) onRefused(why);
      else onConnect(connection);
    },
    [nodes, onConnect, onRefused],
  );
  // A drag released on a node's body (not on its small handle): connect to that node.
  const connectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid || !state.fromNode || !state.fromHandle) return;
      const at = nodeIdAt(event);
      // Released on empty canvas, or back on the node it started from (a click on a handle): nothing to do.
      if (!at || at === state.fromNode.id) return;
      if (state.fromHandle.type === 'source') {
        connect({ source: state.fromNode.id, sourceHandle: state.fromHandle.id ?? null, target: at, targetHandle: null });
        return;
      }
      // Dragged backwards from an input: the node dropped on leads into it, from its first free exit.
      const source = nodes.find((n) => n.id === at);
      if (!source) return;
      const exit = freeHandles(source, edges)[0] ?? sourceHandlesOf(source.data.kind, source.data.config)?.[0] ?? null;
      connect({ source: at, sourceHandle: exit, target: state.fromNode.id, targetHandle: null });
    },
    [nodes, edges, connect],
  );
  // The spec's 0.5 floor cannot fit a wide flow on a phone-sized canvas, so narrow canvases may zoom out to 0.25.
  const narrow = useStore((s) => s.width > 0 && s.width < 640);
  // Branch edges carry their handle's label; edges the compiler complains about are red.
  const shownEdges = useMemo(
    () =>
      edges.map((edge) => {
        const invalid = edgeErrors.has(edge.id);
        return {
          ...edge,
          label: edge.sourceHandle ? handleLabel(edge.sourceHandle) : undefined,
          style: invalid ? { stroke: '#ef4444', strokeWidth: 2 } : { strokeWidth: 1.5 },
          ...(invalid ? { ariaLabel: edgeErrors.get(edge.id)?.[0]?.message } : {}),
        };
      }),
    [edges, edgeErrors],
  );

  return (
    <ReactFlow<EditorNode, EditorEdge>
      nodes={nodes}
      edges={shownEdges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={connect}
      onConnectEnd={connectEnd}
      onBeforeDelete={async ({ nodes: goneNodes, edges: goneEdges }) => {
        // One operation instead of React Flow's two change batches (edges, then nodes), which made two undo steps.
        onDelete(
          goneNodes.map((n) => n.id),
          goneEdges.map((e) => e.id),
        );
        return false;
      }}
      colorMode={resolved}
      minZoom={narrow ? 0.25 : 0.5}
      maxZoom={2}
      snapToGrid
      snapGrid={[15, 15]}
      connectionRadius={20}
      deleteKeyCode={deleteKeys}
      selectionKeyCode="Shift"
      multiSelectionKeyCode={multiSelectKeys}
      aria-label="Flow canvas"
      style={canvasStyle}
    >
      <FitOnResize />
      <FollowNewNode nodes={nodes} />
      <Background variant={BackgroundVariant.Dots} gap={12} size={1} />
      <Controls showInteractive={false} showZoom={false}>
        <ControlButton onClick={() => zoomBy(1)} aria-label="Zoom in" title="Zoom in" className="react-flow__controls-zoomin">
          <Icon name="plus" size={14} />
        </ControlButton>
        <ControlButton onClick={() => zoomBy(-1)} aria-label="Zoom out" title="Zoom out" className="react-flow__controls-zoomout">
          <Icon name="minus" size={14} />
        </ControlButton>
      </Controls>
      <MiniMap
        className="!hidden sm:!block"
        style={minimapStyle}
        pannable
        zoomable
        nodeColor={(node) => {
          const kind = (node as EditorNode).data.kind;
          return nodeColorHex[kind ? nodeColorOf[kind] : 'grey'];
        }}
      />
    </ReactFlow>
  );
}
