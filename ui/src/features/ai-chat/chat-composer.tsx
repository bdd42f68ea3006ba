import type { KeyboardEvent, Ref } from 'react';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';

interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** Waiting for an answer: the input is disabled (docs/product-spec.md §2). */
  waiting: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** Enter sends, Shift+Enter adds a line. */
export function ChatComposer({ value, onChange, onSend, waiting, inputRef }: ChatComposerProps) {
  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      onSend();
    }
  }
  return (
    <div className="flex items-end gap-2 border-t border-slate-200 p-3 sm:p-4 dark:border-slate-800">
      <label htmlFor="ai-chat-input" className="sr-only">
        Ask the assistant
      </label>
      <textarea
        id="ai-chat-input"
        ref={inputRef}
        rows={2}
        value={value}
        maxLength={2000}
        disabled={waiting}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={waiting ? 'Answering…' : 'Ask about your offers, prices, policies…'}
        className={inputClasses(false, 'min-h-[3.25rem] resize-none')}
      />
      <button
        type="button"
        onClick={onSend}
        disabled={waiting || !value.trim()}
        aria-label="Send question"
        className="flex h-[3.25rem] w-12 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white hover:bg-indigo-500 disabled:opacity-40"
      >
        <Icon name="send" size={18} />
      </button>
    </div>
  );
}
