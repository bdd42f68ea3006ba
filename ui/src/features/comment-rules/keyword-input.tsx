import { useId, type KeyboardEvent } from 'react';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';

interface KeywordInputProps {
  keywords: string[];
  input: string;
  onInput: (text: string) => void;
  onAdd: () => void;
  onRemove: (keyword: string) => void;
}

/** Keyword chips: Add button or Enter adds (commas separate several), × removes. */
export function KeywordInput({ keywords, input, onInput, onAdd, onRemove }: KeywordInputProps) {
  const id = useId();

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      onAdd();
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
        Trigger keywords
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={input}
          onChange={(e) => onInput(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="e.g. price, link, info"
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          className={inputClasses(false)}
        />
        <Button type="button" variant="outline" onClick={onAdd} disabled={!input.trim()}>
          <Icon name="plus" size={16} /> Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
        Press Enter or Add. A comment matches when it contains a keyword as a whole word or phrase, in any letter case.
      </p>
      {keywords.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Keywords to add">
          {keywords.map((keyword) => (
            <li
              key={keyword}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm font-medium text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
            >
              {keyword}
              <button
                type="button"
                onClick={() => onRemove(keyword)}
                aria-label={`Remove keyword ${keyword}`}
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
