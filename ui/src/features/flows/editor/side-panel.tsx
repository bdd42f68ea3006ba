import { useEffect, useRef } from 'react';
import type { FlowError } from '@contracts/flows';
import type { ClashReport } from '@contracts/keyword-clashes';
import { cn } from '../../../lib/cn';
import { addRefusal, type AddFrom } from '../graph/builder-operations';
import type { EditorNode } from '../graph/flow-graph';
import type { FlowOperation, FlowSettings } from '../graph/flow-operations';
import { handleLabel } from '../graph/node-summary';
import { FlowSettingsSection } from './flow-settings-section';
import { NodeConfigSection } from './node-config-section';
import { NodePalette } from './node-palette';

interface SidePanelProps {
  settings: FlowSettings;
  nodes: EditorNode[];
  selected: EditorNode | null;
  selectedErrors: FlowError[];
  dispatch: (op: FlowOperation) => void;
  /** The exit whose "+" was pressed on the canvas: the palette adds the next step there. */
  addFrom: AddFrom | null;
  onAddFromDone: () => void;
  /** The trigger's keyword clashes with live rules and flows (shown in its settings). */
  triggerClashes: ClashReport | null;
  className?: string;
}

/**
 * The 20rem right panel (docs/product-spec.md §2). Nothing selected: Flow Settings and Add Nodes.
 * A node selected: its settings at the top, in place of the palette (as ManyChat does), and a compact
 * "next step" palette under them. A "+" pressed on an exit: the palette for that exit first.
 */
export function SidePanel({ settings, nodes, selected, selectedErrors, dispatch, addFrom, onAddFromDone, triggerClashes, className }: SidePanelProps) {
  const top = useRef<HTMLDivElement>(null);
  const selectedId = selected?.id;
  // What was picked is at the top: bring the top into view (the panel scrolls on a desktop, the page on a phone).
  useEffect(() => {
    if (selectedId || addFrom) top.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId, addFrom]);

  const from = addFrom ? nodes.find((n) => n.id === addFrom.nodeId) : undefined;
  const fromName = from ? `“${from.data.label || 'this step'}”${addFrom?.handle ? `, ${handleLabel(addFrom.handle)} branch` : ''}` : '';
  return (
    <aside
      aria-label="Flow editor panel"
      className={cn(
        'w-full shrink-0 overflow-y-auto border-t border-slate-200 bg-white lg:w-80 lg:border-t-0 lg:border-l dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <div ref={top} />
      {addFrom && from && (
        <NodePalette
          key={`${addFrom.nodeId}:${addFrom.handle}`}
          compact={{ title: `Add a step after ${fromName}`, onCancel: onAddFromDone }}
          refusal={(kind) => addRefusal(nodes, kind)}
          onAdd={(kind) => {
            dispatch({ type: 'appendNode', kind, from: addFrom });
            onAddFromDone();
          }}
        />
      )}
      {selected ? (
        <>
          <NodeConfigSection
            key={selected.id}
            node={selected}
            platform={settings.platform}
            errors={selectedErrors}
            clashes={selected.data.kind === 'trigger' ? triggerClashes : null}
            dispatch={dispatch}
          />
          {!addFrom && selected.data.kind !== 'complete' && (
            <NodePalette
              compact={{ title: 'Add the next step' }}
              refusal={(kind) => addRefusal(nodes, kind)}
              onAdd={(kind) => dispatch({ type: 'appendNode', kind })}
            />
          )}
        </>
      ) : (
        <>
          <FlowSettingsSection settings={settings} dispatch={dispatch} />
          {/* A new node lands below the selected node (or the end of the path) and is wired to it. */}
          {!addFrom && <NodePalette refusal={(kind) => addRefusal(nodes, kind)} onAdd={(kind) => dispatch({ type: 'appendNode', kind })} />}
        </>
      )}
    </aside>
  );
}
