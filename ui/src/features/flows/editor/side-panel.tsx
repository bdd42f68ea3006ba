import { useEffect, useRef } from 'react';
import type { FlowError } from '@contracts/flows';
import { addRefusal } from '../graph/builder-operations';
import type { EditorNode } from '../graph/flow-graph';
import type { FlowOperation, FlowSettings } from '../graph/flow-operations';
import { FlowSettingsSection } from './flow-settings-section';
import { NodeConfigSection } from './node-config-section';
import { NodePalette } from './node-palette';

interface SidePanelProps {
  settings: FlowSettings;
  nodes: EditorNode[];
  selected: EditorNode | null;
  selectedErrors: FlowError[];
  dispatch: (op: FlowOperation) => void;
}

/** The 20rem right panel (docs/product-spec.md §2): Flow Settings, Add Nodes, and Node Configuration once a node is selected. */
export function SidePanel({ settings, nodes, selected, selectedErrors, dispatch }: SidePanelProps) {
  const configRef = useRef<HTMLElement>(null);
  const selectedId = selected?.id;
  // Bring the configuration into view when another node is selected.
  useEffect(() => {
    if (selectedId) configRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);

  return (
    <aside
      aria-label="Flow editor panel"
      className="w-full shrink-0 overflow-y-auto border-t border-slate-200 bg-white lg:w-80 lg:border-t-0 lg:border-l dark:border-slate-800 dark:bg-slate-900"
    >
      <FlowSettingsSection settings={settings} dispatch={dispatch} />
      {/* A new node lands below the selected node (or the end of the path) and is wired to it. */}
      <NodePalette refusal={(kind) => addRefusal(nodes, kind)} onAdd={(kind) => dispatch({ type: 'appendNode', kind })} />
      {selected && (
        <NodeConfigSection key={selected.id} ref={configRef} node={selected} platform={settings.platform} errors={selectedErrors} dispatch={dispatch} />
      )}
    </aside>
  );
}
