import { useId } from 'react';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';

interface StartStopButtonProps {
  isActive: boolean;
  onStart: () => void;
  onStop: () => void;
  pending: boolean;
  /** Why Start is refused right now (the compiler's problems); empty = allowed. */
  problems: string[];
}

function StopIcon() {
  return (
    <svg width={14} height={14} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <rect x="5" y="5" width="14" height="14" rx="2" />
    </svg>
  );
}

/** Start = save and publish (isActive true); the running flow shows a green Stop. */
export function StartStopButton({ isActive, onStart, onStop, pending, problems }: StartStopButtonProps) {
  const id = useId();
  if (isActive) {
    return (
      <Button onClick={onStop} loading={pending} className="bg-emerald-700! hover:bg-emerald-800! dark:bg-emerald-700! dark:hover:bg-emerald-800!">
        {!pending && <StopIcon />} Stop
      </Button>
    );
  }
  const blocked = problems.length > 0;
  return (
    // The wrapper shows the tooltip: a disabled button gets no pointer events.
    <span className="group relative inline-flex" tabIndex={blocked ? 0 : undefined} aria-describedby={blocked ? id : undefined}>
      <Button onClick={onStart} loading={pending} disabled={blocked}>
        {!pending && <Icon name="play" size={14} />} Start
      </Button>
      {blocked && (
        <span
          id={id}
          role="tooltip"
          className="invisible absolute top-full right-0 z-50 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-3 text-left text-xs text-slate-700 opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
        >
          <span className="mb-1 block font-semibold text-red-700 dark:text-red-300">Fix these before starting:</span>
          <span className="block max-h-48 space-y-1 overflow-y-auto">
            {problems.map((p, i) => (
              <span key={i} className="block">
                • {p}
              </span>
            ))}
          </span>
        </span>
      )}
    </span>
  );
}
