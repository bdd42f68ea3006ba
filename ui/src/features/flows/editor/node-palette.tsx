import { nodeKindInfo, nodeKinds, type NodeKind } from '@contracts/flows';
import { Icon } from '../../../components/icon';
import { cn } from '../../../lib/cn';
import { nodeColorClasses, nodeColorOf } from '../graph/node-colors';
import { kindIcon } from './kind-icons';
import { PanelSection } from './panel-section';

interface NodePaletteProps {
  onAdd: (kind: NodeKind) => void;
  refusal: (kind: NodeKind) => string | null;
  /** Under a selected node's settings: the kinds that can come next, as a compact grid. */
  compact?: { title: string; onCancel?: () => void };
}

/**
 * Add Nodes: every kind with its label and description. A click adds one after the selected node
 * (or at the end of the path, or the exit whose "+" was pressed) and connects it; a kind that
 * cannot be added says why.
 */
export function NodePalette({ onAdd, refusal, compact }: NodePaletteProps) {
  if (compact) {
    return (
      <PanelSection title={compact.title}>
        <ul className="grid grid-cols-2 gap-1.5" aria-label="Node kinds">
          {nodeKinds
            .filter((kind) => kind !== 'trigger')
            .map((kind) => (
              <li key={kind}>
                <button
                  type="button"
                  onClick={() => onAdd(kind)}
                  data-kind={kind}
                  title={nodeKindInfo[kind].description}
                  className="flex h-full w-full items-center gap-2 rounded-lg border border-slate-200 px-2 py-1.5 text-left text-xs font-medium text-slate-800 transition-colors hover:border-indigo-300 hover:bg-indigo-50/60 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:text-slate-200 dark:hover:border-indigo-500/50 dark:hover:bg-indigo-500/10"
                >
                  <span className={cn('flex h-5 w-5 shrink-0 items-center justify-center rounded', nodeColorClasses[nodeColorOf[kind]].accent)}>
                    <Icon name={kindIcon[kind]} size={12} />
                  </span>
                  <span className="min-w-0">{nodeKindInfo[kind].label}</span>
                </button>
              </li>
            ))}
        </ul>
        {compact.onCancel && (
          <button
            type="button"
            onClick={compact.onCancel}
            className="mt-2 text-xs font-medium text-slate-500 underline hover:text-slate-700 dark:text-slate-400"
          >
            Cancel
          </button>
        )}
      </PanelSection>
    );
  }
  return (
    <PanelSection title="Add Nodes">
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">New steps attach below the selected node, or after the “+” you picked on the canvas.</p>
      <ul className="space-y-1.5" aria-label="Node kinds">
        {nodeKinds.map((kind) => {
          const info = nodeKindInfo[kind];
          const refused = refusal(kind);
          return (
            <li key={kind}>
              <button
                type="button"
                onClick={() => onAdd(kind)}
                disabled={refused !== null}
                aria-describedby={refused ? `palette-refusal-${kind}` : undefined}
                data-kind={kind}
                className="flex w-full items-start gap-2.5 rounded-lg border border-slate-200 px-2.5 py-2 text-left transition-colors hover:border-indigo-300 hover:bg-indigo-50/60 disabled:cursor-not-allowed disabled:opacity-70 disabled:hover:border-slate-200 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:hover:border-indigo-500/50 dark:hover:bg-indigo-500/10"
              >
                <span className={cn('mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-md', nodeColorClasses[nodeColorOf[kind]].accent)}>
                  <Icon name={kindIcon[kind]} size={14} />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900 dark:text-white">{info.label}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{info.description}</span>
                  {refused && (
                    <span id={`palette-refusal-${kind}`} className="mt-1 block text-xs text-amber-700 dark:text-amber-400">
                      {refused}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </PanelSection>
  );
}
