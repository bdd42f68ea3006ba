import { useMemo, type Ref } from 'react';
import { nodeKindInfo, type FlowError, type FlowPlatform } from '@contracts/flows';
import type { ClashReport } from '@contracts/keyword-clashes';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { TextField } from '../../../components/text-field';
import { ClashWarning } from '../../comment-rules/clash-warning';
import { ConfigForm } from '../forms/config-form';
import { configErrors } from '../graph/config-errors';
import type { EditorNode } from '../graph/flow-graph';
import type { FlowOperation } from '../graph/flow-operations';
import { PanelSection } from './panel-section';

interface NodeConfigSectionProps {
  node: EditorNode;
  platform: FlowPlatform;
  /** The compiler's findings for this node. */
  errors: FlowError[];
  /** The trigger's keyword clashes with live rules and flows; null for other nodes. */
  clashes?: ClashReport | null;
  dispatch: (op: FlowOperation) => void;
  ref?: Ref<HTMLElement>;
}

/** Node Configuration: the label and the kind's own form, with field-level and compiler messages. */
export function NodeConfigSection({ node, platform, errors, clashes, dispatch, ref }: NodeConfigSectionProps) {
  const { kind, config, label } = node.data;
  const fieldErrors = useMemo(() => (kind ? configErrors(kind, config) : {}), [kind, config]);
  // Configuration problems are shown at their fields; list the rest (wiring, reachability…).
  const shown = Object.keys(fieldErrors).length > 0 ? errors.filter((e) => e.code !== 'invalid_config') : errors;
  return (
    <PanelSection title="Node Configuration" ref={ref}>
      <div className="space-y-4" data-config-node-id={node.id}>
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {kind ? nodeKindInfo[kind].label : 'Unknown kind'} · node {node.id}
          </p>
          {/* Back to the flow's settings and the full palette. */}
          <button
            type="button"
            onClick={() => dispatch({ type: 'selectNodes', changes: [{ nodeId: node.id, selected: false }] })}
            className="rounded text-xs font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
          >
            Done
          </button>
        </div>
        {shown.length > 0 && (
          <ul
            role="alert"
            className="space-y-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
          >
            {shown.map((e, i) => (
              <li key={i} className="flex gap-1.5">
                <Icon name="alert" size={14} className="mt-0.5 shrink-0" /> {e.message}
              </li>
            ))}
          </ul>
        )}
        <TextField
          label="Label"
          value={label}
          maxLength={100}
          onChange={(e) => dispatch({ type: 'updateNodeLabel', nodeId: node.id, label: e.target.value })}
        />
        {kind ? (
          <ConfigForm
            kind={kind}
            config={config}
            platform={platform}
            errors={fieldErrors}
            onChange={(next) => dispatch({ type: 'updateNodeConfig', nodeId: node.id, config: next })}
          />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">This node's kind is unknown; delete it and add a new one.</p>
        )}
        {clashes && <ClashWarning report={clashes} subject="flow" />}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => dispatch({ type: 'deleteNodes', nodeIds: [node.id] })}
          className="-ml-2 text-red-600 hover:text-red-700 dark:text-red-400"
        >
          <Icon name="trash" size={14} /> Delete node
        </Button>
      </div>
    </PanelSection>
  );
}
