import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Icon } from '../../components/icon';

interface OptionCardProps {
  selected: boolean;
  onSelect: () => void;
  disabled?: boolean;
  children: ReactNode;
  /** Radio group name for assistive tech. */
  name: string;
  label: string;
}

/** A large radio option styled as a card. */
export function OptionCard({ selected, onSelect, disabled, children, name, label }: OptionCardProps) {
  return (
    <label
      className={cn(
        'relative flex cursor-pointer flex-col rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500',
        selected
          ? 'border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-500/10'
          : 'border-slate-200 bg-white hover:border-slate-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input type="radio" name={name} checked={selected} onChange={onSelect} disabled={disabled} aria-label={label} className="sr-only" />
      {selected && (
        <span className="absolute top-3 right-3 flex h-5 w-5 items-center justify-center rounded-full bg-indigo-600 text-white">
          <Icon name="check" size={12} />
        </span>
      )}
      {children}
    </label>
  );
}
