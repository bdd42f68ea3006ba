import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';
import { pickerListId, pickerOptionId, SavedReplyPicker } from '../saved-replies/saved-reply-picker';
import { useSlashPicker } from '../saved-replies/use-slash-picker';
import { SuggestReplyBar } from './suggest-reply-bar';
import type { TypingNotifier } from './typing/use-typing';

interface MessageComposerProps {
  /** Resolves when the message was accepted; the box clears then. Rejects to keep the text. */
  onSend: (content: string) => Promise<unknown>;
  pending: boolean;
  /** Conversation Manager shows the box before a conversation is chosen, disabled. */
  disabled?: boolean;
  placeholder?: string;
  /** Shows "Suggest reply", drafting an answer for this conversation into the box. */
  suggestFor?: string;
  /** Offers the workspace's saved replies on `/`; the picker's empty state links to this manager. */
  onManageSavedReplies?: () => void;
  /** Tells teammates viewing this thread that someone is replying. */
  typing?: TypingNotifier;
}

/**
 * Two-row box: Enter sends, Shift+Enter is a newline; Send is disabled when blank or pending.
 * `/` at the start opens the saved replies (use-slash-picker.ts); while it is open, Enter inserts.
 */
export function MessageComposer({
  onSend,
  pending,
  disabled,
  placeholder = 'Type your message... (/ for saved replies)',
  suggestFor,
  onManageSavedReplies,
  typing,
}: MessageComposerProps) {
  const [text, setText] = useState('');
  const picker = useSlashPicker(text, setText, !disabled);
  const canSend = !disabled && !pending && text.trim().length > 0;

  function submit() {
    if (!canSend) return;
    onSend(text.trim()).then(
      () => {
        setText('');
        typing?.stopped();
      },
      () => undefined, // the caller reports the error; the text stays for another try
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.nativeEvent.isComposing) return;
    if (picker.onKeyDown(e)) {
      e.preventDefault();
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  return (
    <div className="border-t border-slate-200 dark:border-slate-800">
      {suggestFor && !disabled && <SuggestReplyBar conversationId={suggestFor} onDraft={setText} />}
      <form
        className="relative flex items-end gap-2 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SavedReplyPicker picker={picker} onManage={onManageSavedReplies} />
        <label htmlFor="message-composer" className="sr-only">
          Message
        </label>
        <textarea
          id="message-composer"
          rows={2}
          value={text}
          maxLength={2000}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) typing?.typed();
            else typing?.stopped();
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={picker.open}
          aria-controls={picker.open && picker.items.length > 0 ? pickerListId : undefined}
          aria-activedescendant={picker.open && picker.items.length > 0 ? pickerOptionId(picker.active) : undefined}
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
