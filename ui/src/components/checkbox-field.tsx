import { useId, type ReactNode } from 'react';

interface CheckboxFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  /** Plain-text accessible name, needed when `label` contains links. */
  ariaLabel?: string;
  error?: string;
  name?: string;
}

export function CheckboxField({ checked, onChange, label, ariaLabel, error, name }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-label={ariaLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-indigo-600 dark:border-slate-600"
        />
        <label htmlFor={id} className="text-sm text-slate-600 dark:text-slate-400">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
