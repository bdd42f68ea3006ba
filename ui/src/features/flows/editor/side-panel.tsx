import { useEffect, useRef } from 'react';
import type { FlowError, NodeKind } from '../../../../../contracts/flows';
import type { EditorNode, EditorNodeData } from '../graph/flow-graph';
import { FlowSettingsSection } from './flow-settings-section';
import { NodeConfigSection } from './node-config-section';
import { NodePalette } from './node-palette';
import type { FlowSettings } from './use-flow-draft';

interface SidePanelProps {
  settings: FlowSettings;
  onSettings: (settings: FlowSettings) => void;
  onAdd: (kind: NodeKind) => void;
  selected: EditorNode | null;
  selectedErrors: FlowError[];
  onUpdateNode: (id: string, patch: Partial<EditorNodeData>) => void;
  onDeleteNode: (id: string) => void;
}

/** The 20rem right panel (spec §2): Flow Settings, Add Nodes, and Node Configuration once a node is selected. */
export function SidePanel({ settings, onSettings, onAdd, selected, selectedErrors, onUpdateNode, onDeleteNode }: SidePanelProps) {
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
      <FlowSettingsSection settings={settings} onChange={onSettings} />
      <NodePalette onAdd={onAdd} />
      {selected && (
        <NodeConfigSection
          key={selected.id}
          ref={configRef}
          node={selected}
          platform={settings.platform}
          errors={selectedErrors}
          onChange={(patch) => onUpdateNode(selected.id, patch)}
          onDelete={() => onDeleteNode(selected.id)}
        />
      )}
    </aside>
  );
}
