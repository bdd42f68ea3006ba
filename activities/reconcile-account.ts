import type pg from 'pg';
import { accountProfileSchema } from '../contracts/social-accounts';
import type { MetaStoredEvent } from '../contracts/meta-webhooks';
import { ingestEvents, type IncomingEvent } from '../db/inbound/ingest-events';
import { notifyWorkspace } from '../db/notify';
import { reserveSendSlot, type SendLimit } from '../db/sends/reserve-send-slot';
import { failReconciliation, findReconcileAccount, finishReconciliation, startReconciliation } from '../db/reconcile/reconcile-state';
import { classifyGraphError } from '../integrations/meta/classify-graph-error';
import { listRecentComments, type ListedComment } from '../integrations/meta/list-recent-comments';
import { listRecentMessages, type ListedMessage } from '../integrations/meta/list-recent-messages';
import { graphClientFor } from '../integrations/meta/meta-send';
import type { PlatformDeps } from './platform-deps';

/** The bucket kind of reconciliation's Graph reads in `send_rate_limits`, next to the send kinds. */
export const GRAPH_READ_KIND = 'graph_read';

export interface ReconcileOptions {
  /** The account's read bucket: reconciliation's own, so its reads never take a send's slot. */
  readLimit: SendLimit;
  /** A read whose slot is further off than this ends the run; the job comes back at the slot. */
  maxWaitMs: number;
  maxPosts: number;
  pageSize: number;
  maxCommentPages: number;
  /** DMs: the most recently updated conversations read per run, and pages of messages per conversation. */
  maxConversations: number;
  maxMessagePages: number;
  overlapMinutes: number;
  maxLookbackDays: number;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
}

export type ReconcileResult =
  | { outcome: 'finished'; read: number; recovered: number }
  /** Stopped early; run again at `retryAt` (the bucket's slot, or Meta's throttling window). */
  | { outcome: 'paused'; recovered: number; retryAt: Date; reason: string }
  | { outcome: 'failed'; recovered: number; reason: string }
  | { outcome: 'skipped'; why: string };

class PacedOut extends Error {
  constructor(readonly at: Date) {
    super(`read bucket full until ${at.toISOString()}`);
  }
}

/**
 * Missed-webhook reconciliation of one Meta account (ADR 0014): reads the comments written and the
 * DMs received since the account's cursor from the Graph API and feeds each into the NORMAL inbound
 * pipeline as the webhook it should have been (same event key `comment:<id>` / `msg:<mid>`, same
 * stored shape), so an event we already have is a no-op and a webhook arriving later adds nothing. Every Graph read first takes a
 * slot in the account's `graph_read` bucket. The cursor moves only when a run read everything.
 */
export async function reconcileAccount(pool: pg.Pool, accountId: string, deps: PlatformDeps, o: ReconcileOptions): Promise<ReconcileResult> {
  const account = await findReconcileAccount(pool, accountId);
  if (!account) return { outcome: 'skipped', why: 'account not found' };
  if (account.provider !== 'meta' || account.platform === 'twitter') return { outcome: 'skipped', why: 'only Meta accounts are reconciled' };
  if (!account.is_active || !account.access_token_enc) return { outcome: 'skipped', why: 'the account is disconnected' };
  if (account.status === 'needs_reconnect') return { outcome: 'skipped', why: 'the account is waiting to be reconnected' };
  const platform = account.platform;

  const profile = accountProfileSchema.safeParse(account.profile ?? {});
  const loginPath = (profile.success ? profile.data.loginPath : undefined) ?? 'facebook';
  const token = deps.cipher.decrypt(account.access_token_enc);
  const { startedAt, since } = await startReconciliation(pool, { id: account.id, workspaceId: account.workspace_id }, o);

  const beforeCall = async () => {
    const slot = await reserveSendSlot(pool, account.id, GRAPH_READ_KIND, o.readLimit);
    const waitMs = slot.getTime() - o.now().getTime();
    if (waitMs > o.maxWaitMs) throw new PacedOut(slot);
    if (waitMs > 0) await o.sleep(waitMs);
  };
  const client = graphClientFor({ loginPath }, deps.meta);
  let listed: ListedComment[];
  let messages: ListedMessage[];
  try {
    listed = await listRecentComments({
      client,
      token,
      platform,
      externalId: account.external_id,
      since,
      maxPosts: o.maxPosts,
      pageSize: o.pageSize,
      maxCommentPages: o.maxCommentPages,
      beforeCall,
    });
    messages = await listRecentMessages({
      client,
      token,
      platform,
      externalId: account.external_id,
      // Facebook Login lists an Instagram account's conversations through its Page (§2.9).
      conversationsNode: platform === 'instagram' && loginPath === 'facebook' ? (account.linked_external_id ?? account.external_id) : account.external_id,
      since,
      maxConversations: o.maxConversations,
      maxMessagePages: o.maxMessagePages,
      pageSize: o.pageSize,
      beforeCall,
    });
  } catch (err) {
    if (err instanceof PacedOut) {
      await failReconciliation(pool, account.id, 'Paused: waiting for its Graph API read budget', 0);
      return { outcome: 'paused', recovered: 0, retryAt: err.at, reason: err.message };
    }
    const f = classifyGraphError(err);
    const reason = f?.message ?? (err instanceof Error ? err.message : String(err));
    await failReconciliation(pool, account.id, reason, 0);
    if (f?.kind === 'throttled' || f?.kind === 'temporary' || f?.kind === 'uncertain') {
      const retryAt = new Date(o.now().getTime() + (f.kind === 'throttled' && f.retryAfterMs ? f.retryAfterMs : 15 * 60_000));
      return { outcome: 'paused', recovered: 0, retryAt, reason };
    }
    return { outcome: 'failed', recovered: 0, reason };
  }

  const events = [...listed.map((c) => asWebhookEvent(account, platform, c)), ...messages.map((m) => asMessagingWebhookEvent(account, platform, m))];
  let recovered = 0;
  for (let i = 0; i < events.length; i += 500) recovered += (await ingestEvents(pool, events.slice(i, i + 500))).accepted;
  await finishReconciliation(pool, account.id, startedAt, recovered);
  await notifyWorkspace(pool, account.workspace_id, { type: 'account.updated', accountId: account.id });
  return { outcome: 'finished', read: listed.length + messages.length, recovered };
}

/**
 * The comment as its webhook would have stored it (integrations/meta/split-webhook.ts): the same
 * key and payload shape, so the worker cannot tell them apart and a later redelivery is a no-op.
 * `entryTime` is the comment's own time: the Instagram webhook's time is when Meta emitted it.
 */
function asWebhookEvent(
  account: { id: string; workspace_id: string; external_id: string },
  platform: 'facebook' | 'instagram',
  c: ListedComment,
): IncomingEvent {
  const seconds = Math.floor(Date.parse(c.createdAt) / 1000);
  const stored: MetaStoredEvent =
    platform === 'instagram'
      ? {
          object: 'instagram',
          accountId: account.id,
          accountExternalId: account.external_id,
          entryTime: seconds,
          item: {
            type: 'change',
            field: 'comments',
            value: {
              id: c.commentId,
              text: c.text,
              from: { id: c.from.id, ...(c.from.username ? { username: c.from.username } : {}) },
              media: { id: c.postId },
            },
          },
        }
      : {
          object: 'page',
          accountId: account.id,
          accountExternalId: account.external_id,
          entryTime: seconds,
          item: {
            type: 'change',
            field: 'feed',
            value: {
              item: 'comment',
              verb: 'add',
              comment_id: c.commentId,
              post_id: c.postId,
              from: { id: c.from.id, ...(c.from.name ? { name: c.from.name } : {}) },
              message: c.text,
              created_time: seconds,
            },
          },
        };
  return { provider: 'meta', eventKey: `comment:${c.commentId}`, workspaceId: account.workspace_id, payload: { ...stored, recoveredBy: 'reconciliation' } };
}

/**
 * The DM as its `messages` webhook would have stored it (integrations/meta/split-webhook.ts): key
 * `msg:<mid>`, one `messaging` item with `sender` the contact, `recipient` the account and the
 * message's own time in ms (docs/platform-apis.md §1.4, §1.6), so a later redelivery is a no-op.
 */
function asMessagingWebhookEvent(
  account: { id: string; workspace_id: string; external_id: string },
  platform: 'facebook' | 'instagram',
  m: ListedMessage,
): IncomingEvent {
  const ms = Date.parse(m.createdAt);
  const stored: MetaStoredEvent = {
    object: platform === 'instagram' ? 'instagram' : 'page',
    accountId: account.id,
    accountExternalId: account.external_id,
    entryTime: ms,
    item: {
      type: 'messaging',
      event: { sender: { id: m.from.id }, recipient: { id: account.external_id }, timestamp: ms, message: { mid: m.messageId, text: m.text } },
    },
  };
  return { provider: 'meta', eventKey: `msg:${m.messageId}`, workspaceId: account.workspace_id, payload: { ...stored, recoveredBy: 'reconciliation' } };
}
