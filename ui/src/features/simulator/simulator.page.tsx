import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { accountChannelName } from '../accounts/account-label';
import { AccountPicker } from './account-picker';
import { ContactPicker } from './contact-picker';
import { FollowSwitch } from './follow-switch';
import { OutboxPanel } from './outbox-panel';
import { PostCard } from './post-card';
import { RuleHint } from './rule-hint';
import type { LocalComment } from './sent-comment';
import { SimComposer } from './sim-composer';
import { StoryReplySwitch } from './story-reply-switch';
import { CommentModerationButton } from '../moderation/comment-moderation-dialog';
import type { SimContact } from './simulator.api';
import { contactFromName, newCommentId, withContact } from './simulator.helpers';
import { SimulatorIntro } from './simulator-intro';
import { TapsAndLinksCard } from './taps-and-links-card';
import { ViewOnly } from '../team/view-only';
import { postForPrefill, readSimulatorPrefill } from './simulator-prefill';
import { TryItBanner } from './try-it-banner';
import { useOutbox, useSimulatorActions, useSimulatorState } from './use-simulator';

/** Comment or DM as a fake contact on a sandbox account and watch the automation answer — no Meta account needed. */
export function SimulatorPage() {
  const { toast } = useToast();
  const state = useSimulatorState();
  const { comment, message } = useSimulatorActions();
  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  const [chosenPost, setChosenPost] = useState<Record<string, string>>({});
  // undefined: not chosen yet (the first sample contact); null: typing a new contact.
  const [chosenContact, setChosenContact] = useState<string | null | undefined>(undefined);
  const [newName, setNewName] = useState('');
  const [localContacts, setLocalContacts] = useState<SimContact[]>([]);
  const [comments, setComments] = useState<LocalComment[]>([]);
  const [storyReply, setStoryReply] = useState<boolean | null>(null);
  // "Try it" from a flow: the account, post and message that start it, ready to send.
  const [params] = useSearchParams();
  const prefill = useMemo(() => readSimulatorPrefill(params), [params]);

  const accounts = state.data?.accounts ?? [];
  const prefillAccount = prefill ? (accounts.find((a) => a.id === prefill.accountId) ?? accounts.find((a) => a.platform === prefill.platform)) : undefined;
  const account = accounts.find((a) => a.id === chosenAccount) ?? prefillAccount ?? accounts[0] ?? null;
  const outbox = useOutbox(account?.id ?? null);
  const optedOutList = state.data?.optedOut;
  const optedOutHere = useMemo(
    () => new Set((optedOutList ?? []).filter((o) => o.accountId === account?.id).map((o) => o.externalUserId)),
    [optedOutList, account?.id],
  );
  const contacts = useMemo(() => localContacts.reduce(withContact, state.data?.contacts ?? []), [localContacts, state.data?.contacts]);
  const contactId = chosenContact === undefined ? (contacts[0]?.externalUserId ?? null) : chosenContact;
  const contact: SimContact | null =
    contactId !== null ? (contacts.find((c) => c.externalUserId === contactId) ?? null) : newName.trim() ? contactFromName(newName) : null;
  const posts = (state.data?.posts ?? []).filter((p) => p.accountId === account?.id);
  const prefillPost = prefill?.channel === 'comment' ? postForPrefill(posts, prefill) : null;
  // Stories are Instagram's (Meta's `reply_to.story`); "Try it" on a story-reply flow ticks it.
  const asStoryReply = account?.platform === 'instagram' && (storyReply ?? prefill?.storyReply ?? false);
  const postId = (account && chosenPost[account.id]) || prefillPost?.externalId || posts[0]?.externalId || null;

  /** A new contact is remembered once used, and becomes the selected one. */
  function adopt(used: SimContact) {
    if (contactId === null) {
      setLocalContacts((list) => withContact(list, used));
      setChosenContact(used.externalUserId);
      setNewName('');
    }
  }

  async function onComment(text: string) {
    if (!account || !contact || !postId) return;
    const commentId = newCommentId();
    try {
      const accepted = await comment.mutateAsync({ accountId: account.id, postId, contact, text, commentId });
      setComments((list) => [...list, { commentId, postId, accountId: account.id, contact, text, sentAt: Date.now(), forecast: accepted.forecast }]);
      adopt(contact);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Could not post the comment'), variant: 'destructive' });
      throw err;
    }
  }

  async function onDm(text: string) {
    if (!account || !contact) return;
    try {
      const accepted = await message.mutateAsync({ accountId: account.id, contact, text, ...(asStoryReply ? { storyReply: true } : {}) });
      toast({
        title: `DM sent to @${account.username}`,
        // What answers it, said at once (or why nothing will), then where it went.
        description: `${accepted.forecast ? `${accepted.forecast.message} ` : ''}It is in your Unified Inbox now — reply from there and it shows up here.`,
        variant: accepted.forecast?.nothing ? 'default' : 'success',
      });
      adopt(contact);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Could not send the DM'), variant: 'destructive' });
      throw err;
    }
  }

  const header = (
    <PageHeader
      title="Simulator"
      description="Try your automations with a built-in sandbox account: comment or DM as a pretend customer and watch the replies arrive. No Meta account needed."
      actions={
        <>
          <ViewOnly permission="simulator:use" />
          <ButtonLink to="/inbox" variant="outline" size="sm">
            Open Inbox
          </ButtonLink>
        </>
      }
    />
  );

  if (state.isPending) {
    return (
      <div>
        {header}
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner size={16} /> Loading the sandbox...
        </p>
      </div>
    );
  }
  if (state.isError || !account) {
    return (
      <div>
        {header}
        <EmptyState
          icon="play"
          title="The sandbox isn't ready"
          description={state.isError ? errorMessage(state.error, 'The simulator could not load.') : 'No sandbox account was found for this workspace.'}
        />
      </div>
    );
  }

  const outboxItems = outbox.data ?? [];
  return (
    <div>
      {header}
      {prefill ? <TryItBanner prefill={prefill} /> : <SimulatorIntro />}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card className="space-y-5 p-5">
            <div>
              <h2 className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">1. Sandbox account</h2>
              <AccountPicker accounts={accounts} value={account.id} onChange={setChosenAccount} />
            </div>
            <div>
              <h2 className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">2. Who are you?</h2>
              <ContactPicker
                contacts={contacts}
                selectedId={contactId}
                newName={newName}
                onSelect={setChosenContact}
                onNewName={setNewName}
                optedOut={optedOutHere}
              />
              {account.platform === 'instagram' && contact && contactId !== null && (
                <FollowSwitch
                  state={state.data}
                  accountId={account.id}
                  externalUserId={contact.externalUserId}
                  username={contact.username}
                  accountUsername={account.username}
                />
              )}
            </div>
          </Card>
          {/* Trying a flow: the banner says what to send (the hint speaks of comment rules only). */}
          {!prefill && <RuleHint platform={account.platform} />}
          <section aria-labelledby="posts-heading">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="posts-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
                3. Comment on a post
              </h2>
              <CommentModerationButton account={{ ...account, isSandbox: true }} />
            </div>
            {posts.length === 0 ? (
              <p className="text-sm text-slate-500">This account has no sample posts.</p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                {posts.map((post) => (
                  <PostCard
                    key={post.id}
                    post={post}
                    accountUsername={account.username}
                    selected={post.externalId === postId}
                    onSelect={() => setChosenPost((m) => ({ ...m, [account.id]: post.externalId }))}
                    commenterUsername={contact?.username ?? null}
                    onComment={onComment}
                    pending={comment.isPending}
                    comments={comments.filter((c) => c.postId === post.externalId && c.accountId === account.id)}
                    outbox={outboxItems}
                    initialComment={prefillPost && post.externalId === prefillPost.externalId ? prefill?.text : undefined}
                  />
                ))}
              </div>
            )}
          </section>
          <Card className="p-5">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Or send a direct message to {accountChannelName(account)}</h2>
            <p className="mt-1 mb-3 text-xs text-slate-500 dark:text-slate-400">
              It opens a conversation in the{' '}
              <Link to="/inbox" className="font-medium text-indigo-600 underline dark:text-indigo-400">
                Unified Inbox
              </Link>
              ; your reply from there is delivered back here.
            </p>
            <SimComposer
              label={contact ? `DM @${account.username} as @${contact.username}` : 'Direct message'}
              placeholder="Hi! Do you ship to Canada?"
              buttonLabel="Send DM"
              onSubmit={onDm}
              pending={message.isPending}
              disabled={!contact}
              disabledReason="Choose or name a contact first."
              initialText={prefill?.channel === 'dm' ? prefill.text : undefined}
            />
            {account.platform === 'instagram' && <StoryReplySwitch checked={asStoryReply} onChange={setStoryReply} accountUsername={account.username} />}
          </Card>
          {account.platform !== 'twitter' && <TapsAndLinksCard account={account} contact={contact} onUsed={adopt} />}
        </div>
        <div className="min-w-0 lg:sticky lg:top-20 lg:self-start">
          <OutboxPanel
            items={outbox.data}
            isPending={outbox.isPending}
            error={outbox.error}
            contacts={contacts}
            currentContactId={contact?.externalUserId ?? null}
            accountUsername={account.username}
          />
        </div>
      </div>
    </div>
  );
}
