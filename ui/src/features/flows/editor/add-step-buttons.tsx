import { Icon } from '../../../components/icon';
import { cn } from '../../../lib/cn';
import { handleLabel } from '../graph/node-summary';
import { useAddFrom } from './add-from.context';

/**
 * A "+" under every exit of a node that leads nowhere yet (the No branch too): it picks that exit
 * for the next step, which the panel's palette then adds and wires there. `handles` null: one exit.
 */
export function AddStepButtons({ nodeId, nodeLabel, handles }: { nodeId: string; nodeLabel: string; handles: string[] | null }) {
  const { freeHandles, addFrom, onAddFrom } = useAddFrom();
  const free = freeHandles.get(nodeId) ?? [];
  if (free.length === 0) return null;
  const exits: Array<string | null> = handles ?? [null];
  return (
    <>
      {exits.map((handle, i) => {
        if (!free.includes(handle)) return null;
        const left = `${((i + 1) / (exits.length + 1)) * 100}%`;
        const active = addFrom?.nodeId === nodeId && addFrom.handle === handle;
        const branch = handle === null ? '' : ` (${handleLabel(handle)} branch)`;
        return (
          <button
            key={handle ?? 'next'}
            type="button"
            // nodrag/nopan: a click here is not the start of a drag or a pan.
            className={cn(
              'nodrag nopan absolute top-full mt-5 flex h-6 w-6 -translate-x-1/2 items-center justify-center rounded-full border bg-white text-slate-500 shadow-sm transition-colors hover:border-indigo-400 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-slate-900 dark:text-slate-400',
              active ? 'border-indigo-500 text-indigo-600 ring-2 ring-indigo-500/40 dark:text-indigo-300' : 'border-slate-300 dark:border-slate-600',
            )}
            style={{ left }}
            aria-label={`Add a step after ${nodeLabel}${branch}`}
            aria-pressed={active}
            title={`Add a step after ${nodeLabel}${branch}`}
            data-add-from={`${nodeId}:${handle ?? ''}`}
            onClick={(e) => {
              e.stopPropagation();
              onAddFrom({ nodeId, handle });
            }}
          >
            <Icon name="plus" size={14} />
          </button>
        );
      })}
    </>
  );
}
