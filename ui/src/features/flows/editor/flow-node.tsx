import { Handle, Position, useUpdateNodeInternals, type NodeProps } from '@xyflow/react';
import { useEffect } from 'react';
import { nodeKindInfo } from '@contracts/flows';
import { Icon } from '../../../components/icon';
import { cn } from '../../../lib/cn';
import type { EditorNode } from '../graph/flow-graph';
import { nodeColorClasses, nodeColorOf } from '../graph/node-colors';
import { nodeSummary, sourceHandlesOf } from '../graph/node-summary';
import { kindIcon } from './kind-icons';
import { AddStepButtons } from './add-step-buttons';
import { BranchHandles } from './branch-handles';
import { useNodeErrors } from './node-errors.context';

const handleClass = '!h-3 !w-3 !border-2 !border-white dark:!border-slate-900';

/** A step on the canvas: coloured by kind, bold label, one-line summary, handles per handlesOf. */
export function FlowNodeView({ id, data, selected }: NodeProps<EditorNode>) {
  const errors = useNodeErrors(id);
  const kind = data.kind;
  const colors = nodeColorClasses[kind ? nodeColorOf[kind] : 'grey'];
  const handles = sourceHandlesOf(kind, data.config);
  const handlesKey = JSON.stringify(handles);
  const updateNodeInternals = useUpdateNodeInternals();
  // React Flow measures handles once; tell it when a randomizer gains or loses a branch.
  useEffect(() => updateNodeInternals(id), [id, handlesKey, updateNodeInternals]);

  const label = data.label || (kind ? nodeKindInfo[kind].label : 'Step');
  return (
    <div
      data-node-id={id}
      data-node-kind={kind ?? 'unknown'}
      data-invalid={errors.length > 0 ? 'true' : undefined}
      className={cn(
        'relative w-60 rounded-[8px] border px-3 pt-2.5 shadow-sm transition-shadow',
        colors.card,
        handles && handles.length > 0 ? 'pb-6' : 'pb-2.5',
        selected && 'shadow-md ring-2 ring-indigo-500 ring-offset-2 ring-offset-white dark:ring-indigo-400 dark:ring-offset-slate-950',
        errors.length > 0 && 'ring-2 ring-red-500 ring-offset-2 ring-offset-white dark:ring-red-500 dark:ring-offset-slate-950',
      )}
    >
      {kind !== 'trigger' && <Handle type="target" position={Position.Top} className={cn(handleClass, colors.handle)} />}
      <div className="flex items-center gap-2">
        <span className={cn('flex h-6 w-6 shrink-0 items-center justify-center rounded-md', colors.accent)}>
          <Icon name={kind ? kindIcon[kind] : 'help'} size={14} />
        </span>
        <p className="min-w-0 flex-1 truncate text-sm font-bold">{label}</p>
      </div>
      <p className="mt-1 truncate text-xs opacity-75" title={nodeSummary(kind, data.config)}>
        {nodeSummary(kind, data.config)}
      </p>
      {errors.length > 0 && (
        <p className="mt-1.5 flex items-start gap-1 text-xs font-medium text-red-700 dark:text-red-400" role="note">
          <Icon name="alert" size={12} className="mt-0.5" />
          <span className="min-w-0">
            {errors[0]!.message}
            {errors.length > 1 && ` (+${errors.length - 1} more)`}
          </span>
        </p>
      )}
      {handles === null && <Handle type="source" position={Position.Bottom} className={cn(handleClass, colors.handle)} />}
      {handles && handles.length > 0 && <BranchHandles handles={handles} className={cn(handleClass, colors.handle)} />}
      <AddStepButtons nodeId={id} nodeLabel={label} handles={handles} />
    </div>
  );
}
