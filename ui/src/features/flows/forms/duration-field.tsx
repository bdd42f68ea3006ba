import { useId } from 'react';
import { durationUnits, type Duration } from '@contracts/flows';
import { inputClasses } from '../../../components/input.styles';
import { FieldMessage } from './form-bits';

interface DurationFieldProps {
  label: string;
  value: { amount: number | null; unit: Duration['unit'] };
  onChange: (value: { amount: number | null; unit: Duration['unit'] }) => void;
  error?: string;
  hint?: string;
}

/** Amount + unit (seconds, minutes, hours, days). An empty amount is kept as null ("Required"). */
export function DurationField({ label, value, onChange, error, hint }: DurationFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-2">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={value.amount ?? ''}
          onChange={(e) => onChange({ ...value, amount: e.target.value === '' ? null : Number(e.target.value) })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses(Boolean(error))}
        />
        <select
          aria-label={`${label} unit`}
          value={value.unit}
          onChange={(e) => onChange({ ...value, unit: e.target.value as Duration['unit'] })}
          className={inputClasses(false, 'pr-8')}
        >
          {durationUnits.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </select>
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}
