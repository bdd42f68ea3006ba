import '@xyflow/react/dist/style.css';
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { Background, BackgroundVariant, Controls, ReactFlow } from '@xyflow/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type CSSProperties } from 'react';
import type { FlowTemplate, TemplatePlatform } from '@contracts/templates';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { useTheme } from '../theme/use-theme';
import { FlowNodeView } from '../flows/editor/flow-node';
import { toEditorEdges, toEditorNodes, type EditorEdge, type EditorNode } from '../flows/graph/flow-graph';
import { handleLabel } from '../flows/graph/node-summary';
import { platformLabels, triggerLabels } from './template-labels';
import { TemplateVariablesPanel } from './template-variables-panel';
import { fetchTemplatePreview } from './templates.api';

const nodeTypes = { step: FlowNodeView };
const fitViewOptions = { padding: 0.15, maxZoom: 1 };
const canvasStyle = { '--xy-background-color': 'transparent' } as CSSProperties;

interface TemplatePreviewDialogProps {
  template: FlowTemplate | null;
  onClose: () => void;
  onActivate: (template: FlowTemplate, platform: TemplatePlatform) => void;
  activating: boolean;
}

/**
 * The template as activating it would create it, on a read-only canvas (the same node view as the
 * editor, nothing movable): DM steps on the chosen platform, variables filled with the workspace's
 * details and marked placeholders where one is missing (GET /api/templates/:id/preview).
 */
export function TemplatePreviewDialog({ template, onClose, onActivate, activating }: TemplatePreviewDialogProps) {
  return (
    <Dialog open={template !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-6">
        <DialogPanel className="flex h-[min(92vh,820px)] w-full max-w-5xl flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900">
          {template && <PreviewBody key={template.id} template={template} onClose={onClose} onActivate={onActivate} activating={activating} />}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function PreviewBody({ template, onClose, onActivate, activating }: Omit<TemplatePreviewDialogProps, 'template'> & { template: FlowTemplate }) {
  const { resolved } = useTheme();
  const [platform, setPlatform] = useState<TemplatePlatform>(template.platforms[0] ?? 'instagram');
  const preview = useQuery({ queryKey: ['templates', 'preview', template.id, platform], queryFn: () => fetchTemplatePreview(template.id, platform) });
  const graph = preview.data?.flowData;
  const nodes = useMemo(() => (graph ? toEditorNodes(graph.nodes) : []), [graph]);
  const edges = useMemo(
    () => (graph ? toEditorEdges(graph.edges).map((e) => ({ ...e, label: e.sourceHandle ? handleLabel(e.sourceHandle) : undefined })) : []),
    [graph],
  );
  return (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-slate-100 p-4 sm:p-5 dark:border-slate-800">
        <div className="min-w-0">
          <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">{template.name}</DialogTitle>
          <Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">{template.description}</Description>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge tone="brand">{triggerLabels[template.triggerType]} trigger</Badge>
            <Badge>{template.steps} steps</Badge>
          </div>
          {template.platforms.length > 1 && (
            <div className="mt-3 inline-flex rounded-lg border border-slate-200 p-0.5 dark:border-slate-700" role="group" aria-label="Preview for platform">
              {template.platforms.map((p) => (
                <button
                  key={p}
                  type="button"
                  aria-pressed={platform === p}
                  onClick={() => setPlatform(p)}
                  className={
                    platform === p
                      ? 'rounded-md bg-indigo-600 px-2.5 py-1 text-xs font-medium text-white'
                      : 'rounded-md px-2.5 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                  }
                >
                  {platformLabels[p].label}
                </button>
              ))}
            </div>
          )}
          {template.platforms.length === 1 && <Badge className="mt-2">{platformLabels[platform].label} only</Badge>}
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
      <div className="relative min-h-0 flex-1 bg-slate-50 dark:bg-slate-950" data-testid="template-preview-canvas">
        {!graph && (
          <div className="absolute inset-0 flex items-center justify-center gap-3 text-sm text-slate-500 dark:text-slate-400" role="status">
            {preview.isError ? (
              errorMessage(preview.error, 'Could not load the preview')
            ) : (
              <>
                <Spinner size={20} /> Filling in your details…
              </>
            )}
          </div>
        )}
        {graph && (
          <ReactFlow<EditorNode, EditorEdge>
            key={platform}
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            colorMode={resolved}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable={false}
            edgesFocusable={false}
            minZoom={0.15}
            maxZoom={2}
            fitView
            fitViewOptions={fitViewOptions}
            aria-label="Template preview"
            style={canvasStyle}
          >
            <Background variant={BackgroundVariant.Dots} gap={12} size={1} />
            <Controls showInteractive={false} />
          </ReactFlow>
        )}
      </div>
      {preview.data && <TemplateVariablesPanel variables={preview.data.variables} signedIn={preview.data.signedIn} />}
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <p className="text-xs text-slate-500 dark:text-slate-400">Activating copies this flow into your flows as a draft you can edit before starting it.</p>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => onActivate(template, platform)} loading={activating}>
            <Icon name="zap" size={16} /> Activate template
          </Button>
        </div>
      </div>
    </>
  );
}
