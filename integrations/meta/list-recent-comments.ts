import { fbCommentListSchema, fbFeedListSchema, igCommentListSchema, igMediaListSchema } from '../../contracts/meta-graph-listing';
import type { GraphClient } from './graph-client';
import { metaTime, pageThrough } from './graph-paging';

/** A comment read back from the Graph API, in the terms of the webhook it should have come as. */
export interface ListedComment {
  commentId: string;
  postId: string;
  text: string;
  /** ISO time the platform says the comment was written. */
  createdAt: string;
  from: { id: string; username: string | null; name: string | null };
}

export interface ListCommentsOptions {
  client: GraphClient;
  token: string;
  platform: 'facebook' | 'instagram';
  /** The Page id or Instagram professional account id. */
  externalId: string;
  /** Comments written before this are not wanted (the reconciliation cursor). */
  since: Date;
  /** How many of the newest posts are read (older posts' new comments are left to webhooks). */
  maxPosts: number;
  pageSize: number;
  /** How many pages of one post's comments are read at most. */
  maxCommentPages: number;
  /** Awaited before every Graph call: the account's read bucket (pacing). */
  beforeCall: () => Promise<void>;
}

/**
 * The comments written since `since` on an account's newest posts (docs/platform-apis.md §2.8):
 * Instagram `/{ig-user-id}/media` then `/{media-id}/comments`; a Facebook Page `/{page-id}/feed`
 * then `/{post-id}/comments?order=reverse_chronological`. Every listing is followed by its cursor
 * (`after`) for as long as `paging.next` is present. The account's own comments are left out, as
 * the webhook split does (our public replies come back as comments).
 */
export async function listRecentComments(o: ListCommentsOptions): Promise<ListedComment[]> {
  const postIds: string[] = [];
  const postEdge = o.platform === 'instagram' ? 'media' : 'feed';
  const postFields = o.platform === 'instagram' ? 'id,timestamp,comments_count' : 'id,created_time';
  const postSchema = o.platform === 'instagram' ? igMediaListSchema : fbFeedListSchema;
  await pageThrough(o, `/${o.externalId}/${postEdge}`, { fields: postFields }, postSchema, Math.ceil(o.maxPosts / o.pageSize), (items) => {
    for (const p of items) {
      // A post with no comments has nothing to recover (Instagram tells us; the feed does not).
      if ('comments_count' in p && p.comments_count === 0) continue;
      if (postIds.length < o.maxPosts) postIds.push(p.id);
    }
    return postIds.length < o.maxPosts;
  });

  const out: ListedComment[] = [];
  const sinceMs = o.since.getTime();
  for (const postId of postIds) {
    if (o.platform === 'instagram') {
      // Instagram documents no order for this edge, so every page is read and filtered by time.
      await pageThrough(o, `/${postId}/comments`, { fields: 'id,text,timestamp,username,from,parent_id' }, igCommentListSchema, o.maxCommentPages, (items) => {
        for (const c of items) {
          const at = metaTime(c.timestamp);
          const fromId = c.from?.id;
          if (at < sinceMs || !fromId || fromId === o.externalId) continue;
          out.push({
            commentId: c.id,
            postId,
            text: c.text,
            createdAt: new Date(at).toISOString(),
            from: { id: fromId, username: c.from?.username ?? c.username ?? null, name: null },
          });
        }
        return true;
      });
    } else {
      await pageThrough(
        o,
        `/${postId}/comments`,
        { fields: 'id,message,created_time,from', order: 'reverse_chronological', filter: 'toplevel' },
        fbCommentListSchema,
        o.maxCommentPages,
        (items) => {
          let older = false;
          for (const c of items) {
            const at = metaTime(c.created_time);
            if (at < sinceMs) {
              older = true; // newest first: everything after this is older still
              continue;
            }
            if (!c.from || c.from.id === o.externalId) continue;
            out.push({
              commentId: c.id,
              postId,
              text: c.message,
              createdAt: new Date(at).toISOString(),
              from: { id: c.from.id, username: null, name: c.from.name ?? null },
            });
          }
          return !older;
        },
      );
    }
  }
  return out;
}
