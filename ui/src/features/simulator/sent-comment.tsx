import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { InboundForecast } from '@contracts/keyword-clashes';
import type { OutboxItem } from '@contracts/simulator';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import type { SimContact } from './simulator.api';

export interface LocalComment {
  commentId: string;
  postId: string;
  accountId: string;
  contact: SimContact;
  text: string;
  sentAt: number;
  /** What the server said at once would answer it (null: a repeat, or not said). */
  forecast: InboundForecast | null;
}

const WAIT_MS = 10_000;

interface SentCommentProps {
  comment: LocalComment;
  accountUsername: string;
  /** The account's outbox; replies to this comment are matched by commentId. */
  outbox: OutboxItem[];
}

/** A comment you posted, with the automation's public reply threaded under it once it lands. */
export function SentComment({ comment, accountUsername, outbox }: SentCommentProps) {
  const replies = outbox.filter((o) => o.commentId === comment.commentId);
  const publicReplies = replies.filter((o) => o.kind === 'public_reply');
  const gotDm = replies.some((o) => o.kind === 'private_reply');
  const waited = useWaited(comment.sentAt, replies.length === 0);

  return (
    <li className="text-sm">
      <p className="text-slate-800 dark:text-slate-200">
        <span className="font-semibold">@{comment.contact.username}</span> {comment.text}
      </p>
      {publicReplies.map((r) => (
        <p key={r.id} className="mt-1 ml-4 border-l-2 border-slate-200 pl-3 text-slate-700 dark:border-slate-700 dark:text-slate-300">
          <span className="font-semibold">@{accountUsername}</span> {r.text}
        </p>
      ))}
      {!gotDm && replies.length === 0 && comment.forecast?.nothing ? (
        // Nothing will answer: said at once, with why and what would.
        <p role="status" data-testid="sim-nothing-matched" className="mt-1 flex items-start gap-1 text-xs text-amber-800 dark:text-amber-300">
          <Icon name="alert" size={12} className="mt-0.5 shrink-0" />
          <span>
            {comment.forecast.message}{' '}
            {comment.forecast.nothing.reason === 'paused' ? (
              <Link to="/inbox" className="font-medium underline">
                Open the inbox
              </Link>
            ) : comment.forecast.nothing.reason === 'opted_out' || comment.forecast.nothing.reason === 'opt_out_word' ? (
              <Link to="/settings#opt-out" className="font-medium underline">
                Opt-out settings
              </Link>
            ) : (
              <Link to="/comment-growth" className="font-medium underline">
                {comment.forecast.nothing.reason === 'no_automation' ? 'Create a rule' : 'Edit rules'}
              </Link>
            )}
          </span>
        </p>
      ) : (
        <p className="mt-1 flex items-start gap-1 text-xs text-slate-500 dark:text-slate-400">
          {gotDm || replies.length > 0 ? (
            <Icon name="check-circle" size={12} className="mt-0.5 shrink-0 text-emerald-500" />
          ) : waited ? (
            <Icon name="help" size={12} className="mt-0.5 shrink-0" />
          ) : (
            <Spinner size={12} className="mt-0.5 shrink-0" />
          )}
          <span>
            {gotDm ? (
              <>
                Private reply sent to @{comment.contact.username} —{' '}
                <a href="#outbox" className="font-medium text-indigo-600 underline dark:text-indigo-400">
                  see what your customer sees
                </a>
              </>
            ) : replies.length > 0 ? (
              'Replied'
            ) : waited ? (
              comment.forecast ? (
                `No reply yet. ${comment.forecast.message} Replies may be queued, or the flow may wait before its first message.`
              ) : (
                "No reply yet. Does the comment contain an active rule's keyword? (Replies may also be queued.)"
              )
            ) : comment.forecast ? (
              `${comment.forecast.message} Waiting for the reply…`
            ) : (
              'Waiting for the automation…'
            )}
          </span>
        </p>
      )}
    </li>
  );
}

function useWaited(sentAt: number, waiting: boolean): boolean {
  const [waited, setWaited] = useState(() => Date.now() - sentAt > WAIT_MS);
  useEffect(() => {
    if (!waiting || waited) return;
    const timer = window.setTimeout(() => setWaited(true), Math.max(0, sentAt + WAIT_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [sentAt, waiting, waited]);
  return waited;
}
