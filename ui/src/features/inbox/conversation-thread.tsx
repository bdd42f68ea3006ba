import { useState } from 'react';
import type { Conversation } from '@contracts/inbox';
import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { AssigneePicker } from './assignment/assignee-picker';
import { ComposerModeSwitch, NoteComposer } from './notes/note-composer';
import { ThreadHeader } from './thread-header';
import { AutomationOwner } from './automation-owner';
import { TypingLine } from './typing/typing-line';
import { useTypingNotifier } from './typing/use-typing';
import { useSendMessage, useUpdateConversation } from './use-conversation-mutations';
import { useMarkRead } from './use-mark-read';
import { useMessages } from './use-messages';

interface ConversationThreadProps {
  conversationId: string;
  /** Null while the row is not in any loaded list (e.g. a reload deep in the list). */
  conversation: Conversation | null;
  /** 'inbox': header actions and toasts (docs/product-spec.md §8); 'manager': simpler, send errors only logged. */
  variant: 'inbox' | 'manager';
  onBack?: () => void;
  /** The header's Contact toggle (the inbox's contact panel). */
  contact?: { open: boolean; onToggle: () => void };
  onManageSavedReplies?: () => void;
}

export function ConversationThread({ conversationId, conversation, variant, onBack, contact, onManageSavedReplies }: ConversationThreadProps) {
  const { toast } = useToast();
  const thread = useMessages(conversationId);
  const send = useSendMessage();
  const update = useUpdateConversation();
  const canReply = useCan('inbox:write');
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const typing = useTypingNotifier(conversationId, variant === 'inbox' ? mode : 'reply');
  useMarkRead(conversation);

  async function onSend(content: string) {
    try {
      await send.mutateAsync({ conversationId, content });
      if (variant === 'inbox') {
        toast({ title: 'Success', description: 'Message sent successfully', variant: 'success' });
      }
    } catch (err) {
      if (variant === 'inbox') {
        toast({ title: 'Error', description: errorMessage(err, 'Failed to send message'), variant: 'destructive' });
      } else {
        console.error('Failed to send message', err);
      }
      throw err;
    }
  }

  function patch(body: { status?: 'open' | 'closed'; tags?: string[]; assigneeId?: string | null }) {
    update.mutate(
      { id: conversationId, patch: body },
      {
        onSuccess: () => toast({ title: 'Conversation updated', variant: 'success' }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to update conversation'), variant: 'destructive' }),
      },
    );
  }

  return (
    <section aria-label="Conversation" className="flex h-full min-h-0 flex-col">
      {conversation ? (
        <ThreadHeader
          conversation={conversation}
          onBack={onBack}
          contact={contact}
          assignee={
            variant === 'inbox' ? (
              <AssigneePicker conversation={conversation} onAssign={(assigneeId) => patch({ assigneeId })} pending={update.isPending} />
            ) : undefined
          }
          actions={
            variant === 'inbox' && canReply
              ? { onStatus: (status) => patch({ status }), onTags: (tags) => patch({ tags }), pending: update.isPending }
              : undefined
          }
        />
      ) : (
        <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          {onBack && (
            <button
              type="button"
              onClick={onBack}
              aria-label="Back to conversations"
              className="-ml-2 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 md:hidden dark:hover:bg-slate-800"
            >
              <Icon name="arrow-left" size={18} />
            </button>
          )}
          <h2 className="font-semibold text-slate-900 dark:text-white">Conversation</h2>
        </div>
      )}
      {conversation && <AutomationOwner conversation={conversation} canAct={canReply} />}
      <MessageList
        messages={thread.messages}
        isPending={thread.isPending}
        error={thread.error}
        hasOlder={thread.hasNextPage}
        isFetchingOlder={thread.isFetchingNextPage}
        onLoadOlder={() => void thread.fetchNextPage()}
      />
      {conversation?.contactOptedOut && (
        <p
          role="note"
          className="border-t border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          This contact opted out: rules, flows and broadcasts send them nothing until they reply START. A reply you write here is still sent.
        </p>
      )}
      <TypingLine conversationId={conversationId} />
      {canReply && variant === 'inbox' && <ComposerModeSwitch mode={mode} onChange={setMode} />}
      {canReply && variant === 'inbox' && mode === 'note' ? (
        <NoteComposer conversationId={conversationId} typing={typing} />
      ) : canReply ? (
        <MessageComposer
          key={conversationId}
          onSend={onSend}
          pending={send.isPending}
          suggestFor={conversationId}
          onManageSavedReplies={onManageSavedReplies}
          typing={typing}
        />
      ) : (
        <ViewOnly permission="inbox:write" className="border-t border-slate-200 px-4 py-3 dark:border-slate-800" />
      )}
    </section>
  );
}

/**
 * The right pane before anything is chosen (docs/product-spec.md §2 wording); with no conversation at
 * all, how conversations arrive instead.
 */
export function NoConversationSelected({ inboxEmpty = false }: { inboxEmpty?: boolean }) {
  return (
    <div className="flex h-full flex-col items-center justify-center p-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-400 dark:bg-slate-800">
        <Icon name="inbox" size={24} />
      </span>
      {inboxEmpty ? (
        <>
          <h2 className="mt-4 font-semibold text-slate-900 dark:text-white">No conversations yet</h2>
          <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">
            A conversation starts when someone sends a DM to, or comments on a post of, an account you connected. Connect Instagram, Messenger or X, or send a
            test comment or DM from the Simulator.
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <ButtonLink to="/connect-accounts" size="sm">
              Connect an account
            </ButtonLink>
            <ButtonLink to="/simulator" variant="outline" size="sm">
              Open the Simulator
            </ButtonLink>
          </div>
        </>
      ) : (
        <>
          <h2 className="mt-4 font-semibold text-slate-900 dark:text-white">Select a conversation</h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Choose a conversation from the sidebar to start messaging</p>
        </>
      )}
    </div>
  );
}
