import type { KeyboardEvent, Ref } from 'react';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';
import { cn } from '../../lib/cn';

interface ChatComposerProps {
  /** The textarea's id (one per page: the /ai-chat page, the dashboard panel and the support widget can share a page). */
  id: string;
  /** The textarea's accessible name (visually hidden). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** Waiting for an answer: sending is blocked (docs/product-spec.md §2); `disableWhileWaiting` also disables typing. */
  waiting?: boolean;
  disableWhileWaiting?: boolean;
  placeholder: string;
  /** The send button's accessible name. */
  sendLabel?: string;
  /** `lg`: the /ai-chat page's two-line box; `md`: the panels' one-line box. */
  size?: 'md' | 'lg';
  inputRef?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/**
 * The one message box of every AI chat (/ai-chat, the dashboard assistant, the support widget):
 * Enter sends, Shift+Enter adds a line, an IME composition's Enter does not send, and a blank
 * draft or a pending answer keeps the send button disabled.
 */
export function ChatComposer({
  id,
  label,
  value,
  onChange,
  onSend,
  waiting = false,
  disableWhileWaiting = false,
  placeholder,
  sendLabel = 'Send question',
  size = 'md',
  inputRef,
  className,
}: ChatComposerProps) {
  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!waiting && value.trim()) onSend();
    }
  }
  const lg = size === 'lg';
  return (
    <div className={cn('flex items-end gap-2 border-t border-slate-200 dark:border-slate-800', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        ref={inputRef}
        rows={lg ? 2 : 1}
        value={value}
        maxLength={2000}
        disabled={disableWhileWaiting && waiting}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        className={inputClasses(false, lg ? 'min-h-[3.25rem] resize-none' : 'max-h-32 min-h-10 resize-none')}
      />
      <button
        type="button"
        onClick={onSend}
        disabled={waiting || !value.trim()}
        aria-label={sendLabel}
        className={cn(
          'flex shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white hover:bg-indigo-500 disabled:opacity-40',
          lg ? 'h-[3.25rem] w-12' : 'h-10 w-10',
        )}
      >
        <Icon name="send" size={lg ? 18 : 16} />
      </button>
    </div>
  );
}
