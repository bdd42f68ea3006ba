import type { ReactNode } from 'react';

/** A field-level message under a group of inputs that has no single input to attach it to. */
export function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{message}</p>;
}

/** The error (or else the hint) under a custom input; ids `<id>-error` / `<id>-hint` for aria-describedby. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
        {error}
      </p>
    );
  }
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
      {hint}
    </p>
  );
}

/** A titled group inside a config form. */
export function FieldGroup({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{title}</legend>
        {aside}
      </div>
      {children}
    </fieldset>
  );
}

export const smallInput =
  'block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export const invalidInput = 'border-red-400 dark:border-red-500/70';
