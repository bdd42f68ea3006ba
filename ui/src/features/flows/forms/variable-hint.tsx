export const templateVariables = ['{first_name}', '{username}', '{name}'] as const;

interface VariableHintProps {
  /** Inserts the variable at the cursor. */
  onInsert: (variable: string) => void;
}

/** "Variables: {first_name} {username} {name}" — each a button that inserts it. */
export function VariableHint({ onInsert }: VariableHintProps) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      Variables:
      {templateVariables.map((v) => (
        <button
          key={v}
          type="button"
          onClick={() => onInsert(v)}
          title={`Insert ${v}`}
          aria-label={`Insert ${v}`}
          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-indigo-500/15 dark:hover:text-indigo-300"
        >
          {v}
        </button>
      ))}
    </span>
  );
}

/** `text` with `insert` placed at the textarea's selection (or at the end). */
export function insertAt(text: string, insert: string, el: HTMLTextAreaElement | null): { text: string; caret: number } {
  const start = el?.selectionStart ?? text.length;
  const end = el?.selectionEnd ?? text.length;
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
