import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';
import { SuggestReplyBar } from './suggest-reply-bar';

interface MessageComposerProps {
  /** Resolves when the message was accepted; the box clears then. Rejects to keep the text. */
  onSend: (content: string) => Promise<unknown>;
  pending: boolean;
  /** Conversation Manager shows the box before a conversation is chosen, disabled. */
  disabled?: boolean;
  placeholder?: string;
  /** Shows "Suggest reply", drafting an answer for this conversation into the box. */
  suggestFor?: string;
}

/** Two-row box: Enter sends, Shift+Enter is a newline; Send is disabled when blank or pending. */
export function MessageComposer({ onSend, pending, disabled, placeholder = 'Type your message...', suggestFor }: MessageComposerProps) {
  const [text, setText] = useState('');
  const canSend = !disabled && !pending && text.trim().length > 0;

  function submit() {
    if (!canSend) return;
    onSend(text.trim()).then(
      () => setText(''),
      () => undefined, // the caller reports the error; the text stays for another try
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  return (
    <div className="border-t border-slate-200 dark:border-slate-800">
      {suggestFor && !disabled && <SuggestReplyBar conversationId={suggestFor} onDraft={setText} />}
      <form
        className="flex items-end gap-2 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="message-composer" className="sr-only">
          Message
        </label>
        <textarea
          id="message-composer"
          rows={2}
          value={text}
          maxLength={2000}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={disabled ? 'Select a conversation to reply' : placeholder}
          className={inputClasses(false, 'min-h-[3.25rem] resize-none')}
        />
        <Button type="submit" disabled={!canSend} loading={pending} aria-label="Send message" className="h-[3.25rem]">
          {!pending && <Icon name="send" size={18} />}
          <span className="hidden sm:inline">Send</span>
        </Button>
      </form>
    </div>
  );
}
