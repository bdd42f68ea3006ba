import { conversationListSchema, conversationMessageListSchema } from '../../contracts/meta-graph-listing';
import type { GraphClient } from './graph-client';
import { metaTime } from './graph-paging';

/** What a read-back found about one message we may have sent (docs/platform-apis.md §2.10). */
export interface SentMessageLookup {
  /** The account's messages to the person with our text, sent since the send began, newest first. */
  candidates: string[];
  /**
   * The part read reaches back past the send (or is the whole thread): a message not among the
   * candidates is not there. False when the thread has more messages since than one read shows.
   */
  complete: boolean;
}

export interface FindSentMessageOptions {
  client: GraphClient;
  token: string;
  platform: 'facebook' | 'instagram';
  /** The node whose conversations are listed (reconciliation's: the Page, or the Instagram account on Instagram Login). */
  conversationsNode: string;
  /** Our own ids in `from` (the Page id, the Instagram account id). */
  ownIds: string[];
  /** The person: PSID (Messenger) or IGSID (Instagram). */
  participantId: string;
  text: string;
  /** The message cannot have been sent before this (the ledger row's creation, less clock skew). */
  since: Date;
  pageSize: number;
  /** Awaited before every Graph call (the account's read bucket). */
  beforeCall: () => Promise<void>;
}

/**
 * Reads the person's thread back (§2.10): `/{node}/conversations?platform=&user_id=<person>` gives the
 * conversation, `/{conversation-id}/messages` its newest messages. Two reads. The caller decides
 * among the candidates (one no other send of ours claims).
 */
export async function findSentMessage(o: FindSentMessageOptions): Promise<SentMessageLookup> {
  await o.beforeCall();
  const threads = conversationListSchema.parse(
    await o.client.call('GET', `/${o.conversationsNode}/conversations`, o.token, {
      query: { platform: o.platform === 'instagram' ? 'instagram' : 'messenger', user_id: o.participantId },
    }),
  );
  const thread = threads.data[0];
  // No thread with the person: a message that arrived would have made one.
  if (!thread) return { candidates: [], complete: true };
  await o.beforeCall();
  const page = conversationMessageListSchema.parse(
    await o.client.call('GET', `/${thread.id}/messages`, o.token, { query: { fields: 'id,created_time,from,to,message', limit: String(o.pageSize) } }),
  );
  const own = new Set(o.ownIds);
  const since = o.since.getTime();
  const want = o.text.trim();
  const candidates = page.data.filter((m) => m.from && own.has(m.from.id) && metaTime(m.created_time) >= since && m.message.trim() === want).map((m) => m.id);
  const oldest = page.data.at(-1);
  // Newest first: the page reaches back past the send when its oldest message is older, or it is the whole thread.
  return { candidates, complete: !page.paging?.next || (oldest !== undefined && metaTime(oldest.created_time) < since) };
}
