import { Handle, Position } from '@xyflow/react';
import { handleLabel } from '../graph/node-summary';

interface BranchHandlesProps {
  handles: string[];
  className: string;
}

/** Named exits along the bottom edge (Yes/No, Reply/Timeout, A/B…), each with its label above it. */
export function BranchHandles({ handles, className }: BranchHandlesProps) {
  return (
    <>
      {handles.map((handle, i) => {
        const left = `${((i + 1) / (handles.length + 1)) * 100}%`;
        return (
          <div key={handle}>
            <span
              className="pointer-events-none absolute bottom-1.5 -translate-x-1/2 rounded bg-white/70 px-1 text-[10px] leading-4 font-semibold whitespace-nowrap dark:bg-slate-900/60"
              style={{ left }}
            >
              {handleLabel(handle)}
            </span>
            <Handle
              type="source"
              id={handle}
              position={Position.Bottom}
              className={className}
              style={{ left }}
              // A title, not aria-label: the handle has no role, so a label would be a prohibited attribute.
              title={`${handleLabel(handle)} branch`}
              data-handle-label={handleLabel(handle)}
            />
          </div>
        );
      })}
    </>
  );
}
