import type { KnowledgeKind } from '@contracts/knowledge';
import { cn } from '../../lib/cn';
import { kindMeta, tabKinds } from './kind-meta';

interface KindTabsProps {
  value: KnowledgeKind | null;
  counts: Record<KnowledgeKind, number> | undefined;
  onChange: (kind: KnowledgeKind | null) => void;
}

/** All + one tab per kind with its count; scrolls sideways on a phone rather than wrapping. */
export function KindTabs({ value, counts, onChange }: KindTabsProps) {
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const tabs: { kind: KnowledgeKind | null; label: string; count: number | undefined }[] = [
    { kind: null, label: 'All', count: total },
    ...tabKinds.map((k) => ({ kind: k, label: kindMeta[k].plural, count: counts?.[k] })),
  ];
  return (
    <div role="tablist" aria-label="Kinds of entries" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
      {tabs.map((t) => {
        const active = t.kind === value;
        return (
          <button
            key={t.label}
            type="button"
            role="tab"
            aria-selected={active}
            onClick={() => onChange(t.kind)}
            className={cn(
              'inline-flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
              active ? 'bg-indigo-600 text-white dark:bg-indigo-500' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
            )}
          >
            {t.label}
            {t.count !== undefined && (
              <span
                className={cn(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  active ? 'bg-white/20' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400',
                )}
              >
                {t.count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
