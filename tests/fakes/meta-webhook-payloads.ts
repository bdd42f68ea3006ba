/**
 * Webhook bodies shaped like Meta's (docs/platform-apis.md §1.4–§1.6), for the contract fake to sign and
 * deliver. Timestamps: messaging in ms, entry.time of changes in seconds, as Meta sends them.
 */
export interface IgComment {
  id: string;
  text: string;
  from: { id: string; username: string };
  mediaId: string;
  /** A comment on a Live broadcast: Meta sends it as the `live_comments` field, media type LIVE (§1.6). */
  live?: boolean;
}

/** One entry per comment, the way Meta batches up to 1,000 updates. */
export function igCommentsWebhook(igAccountId: string, comments: IgComment[], now = Date.now()) {
  return {
    object: 'instagram',
    entry: comments.map((c) => ({
      id: igAccountId,
      time: Math.floor(now / 1000),
      changes: [
        {
          field: c.live ? 'live_comments' : 'comments',
          value: { id: c.id, text: c.text, from: c.from, media: { id: c.mediaId, media_product_type: c.live ? 'LIVE' : 'FEED' }, parent_id: undefined },
        },
      ],
    })),
  };
}

export function messagingWebhook(
  object: 'page' | 'instagram',
  accountId: string,
  items: { sender: string; recipient: string; message?: Record<string, unknown>; postback?: Record<string, unknown>; timestamp?: number }[],
  now = Date.now(),
) {
  return {
    object,
    entry: items.map((i) => ({
      id: accountId,
      time: now,
      messaging: [
        {
          sender: { id: i.sender },
          recipient: { id: i.recipient },
          timestamp: i.timestamp ?? now,
          ...(i.message ? { message: i.message } : {}),
          ...(i.postback ? { postback: i.postback } : {}),
        },
      ],
    })),
  };
}

export function fbFeedCommentWebhook(
  pageId: string,
  c: { commentId: string; postId: string; from: { id: string; name: string }; message: string; verb?: string },
  now = Date.now(),
) {
  return {
    object: 'page',
    entry: [
      {
        id: pageId,
        time: Math.floor(now / 1000),
        changes: [
          {
            field: 'feed',
            value: {
              item: 'comment',
              verb: c.verb ?? 'add',
              comment_id: c.commentId,
              post_id: c.postId,
              parent_id: c.postId,
              from: c.from,
              message: c.message,
              created_time: Math.floor(now / 1000),
            },
          },
        ],
      },
    ],
  };
}
