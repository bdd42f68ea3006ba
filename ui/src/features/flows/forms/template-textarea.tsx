import { useRef } from 'react';
import { TextareaField } from '../../../components/textarea-field';
import { insertAt, VariableHint } from './variable-hint';

interface TemplateTextareaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxLength: number;
  placeholder?: string;
  rows?: number;
}

/** A message template with clickable {variables} and a character count. */
export function TemplateTextarea({ label, value, onChange, error, maxLength, placeholder, rows = 4 }: TemplateTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  function onInsert(variable: string) {
    const next = insertAt(value, variable, ref.current);
    onChange(next.text);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(next.caret, next.caret);
    });
  }
  return (
    <div>
      <TextareaField ref={ref} label={label} value={value} rows={rows} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} error={error} />
      <div className="mt-1.5 flex items-start justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
        <VariableHint onInsert={onInsert} />
        <span className={value.length > maxLength ? 'text-red-600 tabular-nums dark:text-red-400' : 'tabular-nums'}>
          {value.length}/{maxLength}
        </span>
      </div>
    </div>
  );
}
