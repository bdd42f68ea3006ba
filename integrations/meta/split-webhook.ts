import { createHash } from 'node:crypto';
import { fbFeedValueSchema, igCommentValueSchema, metaMessagingItemSchema, type MetaEnvelope, type MetaStoredEvent } from '../../contracts/meta-webhooks';

export interface SplitMetaEvent {
  /** Stable across Meta's retries: the message mid, postback mid or comment id. */
  eventKey: string;
  platform: 'facebook' | 'instagram';
  accountExternalId: string;
  payload: Omit<MetaStoredEvent, 'accountId'>;
}

/**
 * One webhook POST → one event per messaging item / change we act on (docs/platform-apis.md §1.3:
 * batches of up to 1,000 updates; retries resend them, so each needs the provider's own id as its
 * key). Skipped here, never stored: objects other than page/instagram, reads/deliveries/reactions,
 * deleted or unsupported messages, `standby` (another app owns the thread), feed items other than
 * an added comment, and comments written by the account itself (our public replies come back as
 * comment events, §1.5–§1.6). Items we cannot read are stored under a content hash so the worker
 * records them as malformed, visibly.
 */
export function splitMetaWebhook(envelope: MetaEnvelope): SplitMetaEvent[] {
  if (envelope.object !== 'page' && envelope.object !== 'instagram') return [];
  const object = envelope.object;
  const platform = object === 'page' ? 'facebook' : 'instagram';
  const out: SplitMetaEvent[] = [];
  for (const entry of envelope.entry) {
    const base = { object, accountExternalId: entry.id, entryTime: entry.time } as const;
    const push = (eventKey: string, item: MetaStoredEvent['item']) => out.push({ eventKey, platform, accountExternalId: entry.id, payload: { ...base, item } });

    for (const raw of entry.messaging ?? []) {
      const parsed = metaMessagingItemSchema.safeParse(raw);
      if (!parsed.success) {
        push(`raw:${hash(raw)}`, { type: 'messaging', event: raw });
        continue;
      }
      const m = parsed.data;
      if (m.message) {
        if (m.message.is_deleted || m.message.is_unsupported) continue;
        push(`msg:${m.message.mid}`, { type: 'messaging', event: raw });
      } else if (m.postback) {
        push(`postback:${m.postback.mid ?? `${m.sender.id}:${m.timestamp}:${m.postback.payload ?? ''}`}`, { type: 'messaging', event: raw });
      } else if (m.referral?.ref) {
        // `messaging_referrals` (docs/platform-apis.md §1.9): no id of its own; sender + time is stable across retries.
        push(`referral:${m.sender.id}:${m.timestamp}`, { type: 'messaging', event: raw });
      }
    }

    const changes = [...(entry.changes ?? [])];
    if (entry.field !== undefined && entry.value !== undefined) changes.push({ field: entry.field, value: entry.value });
    for (const raw of changes) {
      const change = raw as { field?: unknown; value?: unknown } | null;
      const field = typeof change?.field === 'string' ? change.field : '';
      // `live_comments`: the same value as `comments`, on a Live broadcast (docs/platform-apis.md §1.6).
      if (object === 'instagram' && (field === 'comments' || field === 'live_comments')) {
        const v = igCommentValueSchema.safeParse(change?.value);
        if (!v.success) {
          push(`raw:${hash(raw)}`, { type: 'change', field, value: change?.value });
          continue;
        }
        if (v.data.from.id === entry.id) continue; // our own reply looping back
        push(`comment:${v.data.id ?? v.data.comment_id}`, { type: 'change', field, value: change?.value });
      } else if (object === 'page' && field === 'feed') {
        const v = fbFeedValueSchema.safeParse(change?.value);
        if (!v.success) {
          push(`raw:${hash(raw)}`, { type: 'change', field, value: change?.value });
          continue;
        }
        if (v.data.item !== 'comment' || v.data.verb !== 'add') continue;
        if (v.data.from?.id === entry.id) continue; // the Page's own comment
        push(`comment:${v.data.comment_id ?? hash(raw)}`, { type: 'change', field, value: change?.value });
      }
    }
  }
  return out;
}

function hash(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value) ?? 'undefined')
    .digest('hex')
    .slice(0, 40);
}
