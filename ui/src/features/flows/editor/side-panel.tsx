import { useEffect, useRef } from 'react';
import type { FlowError } from '@contracts/flows';
import { randomPosition, type EditorNode } from '../graph/flow-graph';
import type { FlowOperation, FlowSettings } from '../graph/flow-operations';
import { FlowSettingsSection } from './flow-settings-section';
import { NodeConfigSection } from './node-config-section';
import { NodePalette } from './node-palette';

interface SidePanelProps {
  settings: FlowSettings;
  selected: EditorNode | null;
  selectedErrors: FlowError[];
  dispatch: (op: FlowOperation) => void;
}

/** The 20rem right panel (docs/product-spec.md §2): Flow Settings, Add Nodes, and Node Configuration once a node is selected. */
export function SidePanel({ settings, selected, selectedErrors, dispatch }: SidePanelProps) {
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
      {/* docs/product-spec.md §9: a new node lands at a random spot (chosen here, so the operation stays pure). */}
      <NodePalette onAdd={(kind) => dispatch({ type: 'addNode', kind, position: randomPosition() })} />
      {selected && (
        <NodeConfigSection key={selected.id} ref={configRef} node={selected} platform={settings.platform} errors={selectedErrors} dispatch={dispatch} />
      )}
    </aside>
  );
}
