import { useState } from 'react';
import type { OutboxItem, SimulatorPost } from '@contracts/simulator';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';
import { SentComment, type LocalComment } from './sent-comment';
import { SimComposer } from './sim-composer';

interface PostCardProps {
  post: SimulatorPost;
  accountUsername: string;
  selected: boolean;
  onSelect: () => void;
  /** Null until a contact is chosen or named. */
  commenterUsername: string | null;
  onComment: (text: string) => Promise<unknown>;
  pending: boolean;
  comments: LocalComment[];
  outbox: OutboxItem[];
  /** A comment ready to send ("Try it" from a flow). */
  initialComment?: string;
}

/** A sample post: image, caption, and — once selected — a comment box and your comments. */
export function PostCard(props: PostCardProps) {
  const { post, accountUsername, selected, commenterUsername } = props;
  const [broken, setBroken] = useState(false);
  return (
    <Card className={cn('overflow-hidden', selected && 'ring-2 ring-indigo-500 dark:ring-indigo-400')} data-post-id={post.externalId}>
      <button type="button" onClick={props.onSelect} className="block w-full text-left" aria-pressed={selected}>
        {broken || !post.imageUrl ? (
          <div className="flex aspect-[4/3] items-center justify-center bg-gradient-to-br from-indigo-400 via-fuchsia-400 to-amber-300 text-white">
            <Icon name="sparkles" size={32} />
          </div>
        ) : (
          <img src={post.imageUrl} alt="" loading="lazy" onError={() => setBroken(true)} className="aspect-[4/3] w-full object-cover" />
        )}
        <div className="p-4">
          <p className="text-xs font-semibold text-slate-900 dark:text-white">@{accountUsername}</p>
          <p className="mt-1 line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{post.caption}</p>
        </div>
      </button>
      {selected ? (
        <div className="space-y-3 border-t border-slate-200 p-4 dark:border-slate-800">
          {props.comments.length > 0 && (
            <ul className="space-y-3" aria-label="Your comments on this post">
              {props.comments.map((c) => (
                <SentComment key={c.commentId} comment={c} accountUsername={accountUsername} outbox={props.outbox} />
              ))}
            </ul>
          )}
          <SimComposer
            label={commenterUsername ? `Comment as @${commenterUsername}` : 'Comment'}
            placeholder="Write a comment… try a rule's keyword"
            buttonLabel="Comment"
            onSubmit={props.onComment}
            pending={props.pending}
            disabled={!commenterUsername}
            disabledReason="Choose or name a contact first."
            stacked
            initialText={props.initialComment}
          />
        </div>
      ) : (
        <div className="border-t border-slate-200 px-4 py-2 dark:border-slate-800">
          <Button variant="ghost" size="sm" onClick={props.onSelect} className="w-full">
            <Icon name="message" size={16} /> Comment on this post
          </Button>
        </div>
      )}
    </Card>
  );
}
