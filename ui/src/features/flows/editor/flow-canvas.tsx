import { Background, BackgroundVariant, Controls, MiniMap, ReactFlow, useStore, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import { useMemo, type CSSProperties } from 'react';
import type { FlowError } from '@contracts/flows';
import { useTheme } from '../../theme/use-theme';
import type { EditorEdge, EditorNode } from '../graph/flow-graph';
import { nodeColorHex, nodeColorOf } from '../graph/node-colors';
import { handleLabel } from '../graph/node-summary';
import { FitOnResize } from './fit-on-resize';
import { FlowNodeView } from './flow-node';

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
}

/** docs/product-spec.md §9 canvas: zoom 0.5–2, snap 15×15, minimap 200×150, connection radius 20, dots 12/1. */
export function FlowCanvas({ nodes, edges, edgeErrors, onNodesChange, onEdgesChange, onConnect }: FlowCanvasProps) {
  const { resolved } = useTheme();
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
      onConnect={onConnect}
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
      <Background variant={BackgroundVariant.Dots} gap={12} size={1} />
      <Controls showInteractive={false} />
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
