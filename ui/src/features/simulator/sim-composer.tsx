import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';

interface SimComposerProps {
  label: string;
  placeholder: string;
  buttonLabel: string;
  /** Resolves when accepted (the box clears); rejects to keep the text. */
  onSubmit: (text: string) => Promise<unknown>;
  pending: boolean;
  disabled?: boolean;
  disabledReason?: string;
  /** Button under the box (narrow cards) instead of beside it. */
  stacked?: boolean;
  /** Text the box starts with ("Try it" from a flow: a message that starts it); the box is then focused and scrolled to. */
  initialText?: string;
}

/** A comment or DM box: Enter sends, Shift+Enter is a newline. */
export function SimComposer(props: SimComposerProps) {
  const { label, placeholder, buttonLabel, onSubmit, pending, disabled, disabledReason, stacked, initialText } = props;
  const id = useId();
  const [text, setText] = useState(initialText ?? '');
  const box = useRef<HTMLTextAreaElement>(null);
  const prefilled = Boolean(initialText);
  useEffect(() => {
    if (!prefilled) return;
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.focus({ preventScroll: true });
  }, [prefilled]);
  const canSend = !disabled && !pending && text.trim().length > 0;

  function submit() {
    if (!canSend) return;
    onSubmit(text.trim()).then(
      () => setText(''),
      () => undefined,
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className={stacked ? 'space-y-2' : 'flex items-end gap-2'}>
        <textarea
          ref={box}
          id={id}
          rows={2}
          value={text}
          maxLength={2000}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          className={inputClasses(false, 'min-h-[3.25rem] resize-none')}
        />
        <Button type="submit" disabled={!canSend} loading={pending} className={stacked ? 'w-full' : 'h-[3.25rem]'}>
          {!pending && <Icon name="send" size={16} />}
          {buttonLabel}
        </Button>
      </div>
      {disabled && disabledReason && <p className="mt-1.5 text-xs text-amber-700 dark:text-amber-300">{disabledReason}</p>}
    </form>
  );
}
