import { typingText, useTeammatesTyping } from './use-typing';

/** The small muted line above the thread's composer while a teammate types there (a polite live region). */
export function TypingLine({ conversationId }: { conversationId: string }) {
  const text = typingText(useTeammatesTyping(conversationId));
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="typing-line"
      className={text ? 'truncate px-4 pt-2 text-xs text-slate-500 italic dark:text-slate-400' : 'sr-only'}
    >
      {text}
    </p>
  );
}
