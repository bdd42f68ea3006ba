import { useId, type SelectHTMLAttributes } from 'react';
import { inputClasses } from './input.styles';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: Array<{ value: string; label: string }>;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  /** Small label and a tighter box, for filter bars. */
  compact?: boolean;
}

export function SelectField({ label, options, hideLabel, compact, className, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={
          hideLabel
            ? 'sr-only'
            : compact
              ? 'mb-1 block text-xs font-medium text-slate-500 dark:text-slate-400'
              : 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300'
        }
      >
        {label}
      </label>
      <select id={id} className={inputClasses(false, compact ? 'h-9 py-1 pr-2' : 'pr-8')} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
