import { cn } from '../../../lib/cn';

export type EditorTab = 'builder' | 'runs';

interface EditorTabsProps {
  tab: EditorTab;
  onTab: (tab: EditorTab) => void;
  /** A flow that was never saved has no runs. */
  runsDisabled: boolean;
}

const tabs: Array<{ id: EditorTab; label: string }> = [
  { id: 'builder', label: 'Builder' },
  { id: 'runs', label: 'Runs' },
];

export function EditorTabs({ tab, onTab, runsDisabled }: EditorTabsProps) {
  return (
    <div role="tablist" aria-label="Flow editor" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
      {tabs.map((t) => {
        const disabled = t.id === 'runs' && runsDisabled;
        return (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`flow-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`flow-panel-${t.id}`}
            disabled={disabled}
            title={disabled ? 'Save the flow first' : undefined}
            onClick={() => onTab(t.id)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
              tab === t.id
                ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
            )}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
