import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { inputClasses } from '../../../components/input.styles';
import { FieldMessage } from './form-bits';

interface ChipsInputProps {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  hint?: string;
  error?: string;
  max: number;
  maxLength: number;
  /** Ignore letter case when checking for duplicates (keywords). */
  caseInsensitive?: boolean;
}

/** Chips: Enter or Add adds (commas separate several), × removes; duplicates and blanks are skipped. */
export function ChipsInput({ label, values, onChange, placeholder, hint, error, max, maxLength, caseInsensitive }: ChipsInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const norm = (s: string) => (caseInsensitive ? s.toLowerCase() : s);
  const full = values.length >= max;

  function add() {
    const next = [...values];
    for (const part of text.split(',')) {
      const value = part.trim().slice(0, maxLength);
      if (value && next.length < max && !next.some((v) => norm(v) === norm(value))) next.push(value);
    }
    onChange(next);
    setText('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      add();
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={full ? `Up to ${max}` : placeholder}
          disabled={full}
          autoComplete="off"
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          aria-invalid={error ? true : undefined}
          className={inputClasses(Boolean(error))}
        />
        <Button type="button" variant="outline" onClick={add} disabled={!text.trim() || full} aria-label={`Add to ${label}`}>
          <Icon name="plus" size={16} />
        </Button>
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
      {values.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`${label} added`}>
          {values.map((value) => (
            <li
              key={value}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-sm font-medium text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
            >
              <span className="truncate">{value}</span>
              <button
                type="button"
                onClick={() => onChange(values.filter((v) => v !== value))}
                aria-label={`Remove ${value}`}
                className="rounded-full p-0.5 hover:bg-indigo-100 dark:hover:bg-indigo-500/25"
              >
                <Icon name="x" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
