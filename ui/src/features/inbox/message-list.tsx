import { Fragment, useLayoutEffect, useRef } from 'react';
import type { Message } from '@contracts/inbox';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { formatDayLabel, localDayKey } from '../../lib/format-time';
import { MessageBubble } from './message-bubble';
import { NoteBubble } from './notes/note-bubble';

interface MessageListProps {
  messages: Message[];
  isPending: boolean;
  error: Error | null;
  hasOlder: boolean;
  isFetchingOlder: boolean;
  onLoadOlder: () => void;
}

const NEAR_BOTTOM_PX = 120;

/**
 * The thread, scrolled to the newest message. New messages keep it pinned to the bottom when the
 * reader was already there; loading older ones keeps the reader's place.
 */
export function MessageList({ messages, isPending, error, hasOlder, isFetchingOlder, onLoadOlder }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const last = useRef({ firstId: '', lastId: '', height: 0, top: 0, nearBottom: true });
  const firstId = messages[0]?.id ?? '';
  const lastId = messages[messages.length - 1]?.id ?? '';

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = last.current;
    if (firstId !== prev.firstId && lastId === prev.lastId && prev.firstId) {
      el.scrollTop = el.scrollHeight - prev.height + prev.top; // older page prepended
    } else if (lastId !== prev.lastId && (prev.nearBottom || !prev.lastId)) {
      el.scrollTop = el.scrollHeight;
    }
    last.current = { firstId, lastId, height: el.scrollHeight, top: el.scrollTop, nearBottom: isNearBottom(el) };
  }, [firstId, lastId]);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    last.current = { ...last.current, height: el.scrollHeight, top: el.scrollTop, nearBottom: isNearBottom(el) };
  }

  return (
    <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
      {isPending ? (
        <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-500 dark:text-slate-400">
          <Spinner size={16} /> Loading messages...
        </p>
      ) : error && messages.length === 0 ? (
        <p role="alert" className="py-10 text-center text-sm text-red-600 dark:text-red-400">
          {errorMessage(error, "Couldn't load messages.")}
        </p>
      ) : messages.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">No messages yet.</p>
      ) : (
        <>
          {hasOlder && (
            <div className="mb-3 flex justify-center">
              <Button variant="ghost" size="sm" loading={isFetchingOlder} onClick={onLoadOlder}>
                Load older messages
              </Button>
            </div>
          )}
          <ol aria-label="Messages" className="space-y-3">
            {messages.map((m, i) => {
              // A separator above the first message of each local day.
              const day = localDayKey(m.createdAt);
              const newDay = i === 0 || day !== localDayKey(messages[i - 1]!.createdAt);
              return (
                <Fragment key={m.id}>
                  {newDay && (
                    <li data-day-separator className="flex items-center gap-3 py-1 text-xs font-medium text-slate-500 dark:text-slate-400">
                      <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
                      <span>{formatDayLabel(m.createdAt)}</span>
                      <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
                    </li>
                  )}
                  {m.direction === 'note' ? <NoteBubble message={m} /> : <MessageBubble message={m} />}
                </Fragment>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}

function isNearBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
}
