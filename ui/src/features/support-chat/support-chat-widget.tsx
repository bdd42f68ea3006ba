import { useState } from 'react';
import { Icon } from '../../components/icon';
import { useAiFeedback } from '../ai/use-ai-feedback';
import { SupportChatPanel } from './support-chat-panel';
import { useSupportChat } from './use-support-chat';

/** Floating support chat on the landing page (docs/product-spec.md §2, §4): AI replies, local ones as the fallback. */
export function SupportChatWidget() {
  const [open, setOpen] = useState(false);
  const chat = useSupportChat();
  const feedback = useAiFeedback();

  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
      {open && (
        <SupportChatPanel
          messages={chat.messages}
          typing={chat.typing}
          onSend={chat.send}
          onClose={() => setOpen(false)}
          ratingOf={feedback.ratingOf}
          onRate={(messageId, rating) => feedback.rate({ conversationId: chat.conversationId, messageId }, rating)}
        />
      )}
      <button
        type="button"
        onClick={() => {
          if (!open) chat.greet();
          setOpen(!open);
        }}
        aria-label={open ? 'Close support chat' : 'Open support chat'}
        aria-expanded={open}
        className="flex h-14 w-14 items-center justify-center rounded-full bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-lg shadow-indigo-500/30 transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        <Icon name={open ? 'x' : 'message'} size={24} />
      </button>
    </div>
  );
}
