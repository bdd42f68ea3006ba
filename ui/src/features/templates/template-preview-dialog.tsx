import '@xyflow/react/dist/style.css';
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { Background, BackgroundVariant, Controls, ReactFlow } from '@xyflow/react';
import { useMemo, type CSSProperties } from 'react';
import type { FlowTemplate } from '@contracts/templates';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { useTheme } from '../theme/use-theme';
import { FlowNodeView } from '../flows/editor/flow-node';
import { toEditorEdges, toEditorNodes, type EditorEdge, type EditorNode } from '../flows/graph/flow-graph';
import { handleLabel } from '../flows/graph/node-summary';
import { platformLabels, triggerLabels } from './template-labels';

const nodeTypes = { step: FlowNodeView };
const fitViewOptions = { padding: 0.15, maxZoom: 1 };
const canvasStyle = { '--xy-background-color': 'transparent' } as CSSProperties;

interface TemplatePreviewDialogProps {
  template: FlowTemplate | null;
  onClose: () => void;
  onActivate: (template: FlowTemplate) => void;
  activating: boolean;
}

/** The template's graph on a read-only canvas: the same node view as the editor, nothing movable. */
export function TemplatePreviewDialog({ template, onClose, onActivate, activating }: TemplatePreviewDialogProps) {
  const { resolved } = useTheme();
  const nodes = useMemo(() => (template ? toEditorNodes(template.flowData.nodes) : []), [template]);
  const edges = useMemo(
    () => (template ? toEditorEdges(template.flowData.edges).map((e) => ({ ...e, label: e.sourceHandle ? handleLabel(e.sourceHandle) : undefined })) : []),
    [template],
  );
  return (
    <Dialog open={template !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-6">
        <DialogPanel className="flex h-[min(92vh,820px)] w-full max-w-5xl flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900">
          {template && (
            <>
              <div className="flex items-start justify-between gap-4 border-b border-slate-100 p-4 sm:p-5 dark:border-slate-800">
                <div className="min-w-0">
                  <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">{template.name}</DialogTitle>
                  <Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">{template.description}</Description>
                  <div className="mt-2 flex flex-wrap gap-1.5">
                    <Badge tone="brand">{triggerLabels[template.triggerType]} trigger</Badge>
                    <Badge>{template.steps} steps</Badge>
                    {template.platforms.map((p) => (
                      <Badge key={p}>{platformLabels[p].label}</Badge>
                    ))}
                  </div>
                </div>
                <button
                  type="button"
                  onClick={onClose}
                  aria-label="Close preview"
                  className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-slate-800 dark:hover:text-slate-200"
                >
                  <Icon name="x" size={20} />
                </button>
              </div>
              <div className="min-h-0 flex-1 bg-slate-50 dark:bg-slate-950" data-testid="template-preview-canvas">
                <ReactFlow<EditorNode, EditorEdge>
                  nodes={nodes}
                  edges={edges}
                  nodeTypes={nodeTypes}
                  colorMode={resolved}
                  nodesDraggable={false}
                  nodesConnectable={false}
                  elementsSelectable={false}
                  edgesFocusable={false}
                  minZoom={0.3}
                  maxZoom={2}
                  fitView
                  fitViewOptions={fitViewOptions}
                  aria-label="Template preview"
                  style={canvasStyle}
                >
                  <Background variant={BackgroundVariant.Dots} gap={12} size={1} />
                  <Controls showInteractive={false} />
                </ReactFlow>
              </div>
              <div className="flex flex-col-reverse gap-2 border-t border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  Activating copies this flow into your flows as a draft you can edit before starting it.
                </p>
                <div className="flex gap-2">
                  <Button variant="outline" onClick={onClose}>
                    Close
                  </Button>
                  <Button onClick={() => onActivate(template)} loading={activating}>
                    <Icon name="zap" size={16} /> Activate template
                  </Button>
                </div>
              </div>
            </>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
