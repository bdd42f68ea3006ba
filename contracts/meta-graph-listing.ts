import { z } from 'zod';

/**
 * Graph API listings read by missed-webhook reconciliation (docs/platform-apis.md §2.8): a page of
 * `data` plus `paging` with `cursors.after`; `paging.next` is absent on the last page. Objects are
 * `.loose()`: Meta adds fields without notice.
 */
const idString = z.union([z.string(), z.number()]).transform(String);
const paging = z
  .object({ cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).loose().optional(), next: z.string().optional() })
  .loose()
  .optional();
const listing = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), paging }).loose();

/** `GET /{ig-user-id}/media?fields=id,timestamp,comments_count`. */
export const igMediaListSchema = listing(z.object({ id: idString, timestamp: z.string().optional(), comments_count: z.number().optional() }).loose());
/** `GET /{ig-media-id}/comments?fields=id,text,timestamp,username,from,parent_id`. */
export const igCommentListSchema = listing(
  z
    .object({
      id: idString,
      text: z.string().default(''),
      timestamp: z.string(),
      username: z.string().optional(),
      from: z.object({ id: idString, username: z.string().optional() }).loose().optional(),
      parent_id: z.string().optional(),
    })
    .loose(),
);
/** `GET /{page-id}/feed?fields=id,created_time`. */
export const fbFeedListSchema = listing(z.object({ id: idString, created_time: z.string().optional() }).loose());
/** `GET /{post-id}/comments?fields=id,message,created_time,from&order=reverse_chronological`. */
export const fbCommentListSchema = listing(
  z
    .object({
      id: idString,
      message: z.string().default(''),
      created_time: z.string(),
      from: z.object({ id: idString, name: z.string().optional() }).loose().optional(),
    })
    .loose(),
);

export type GraphListing<T> = { data: T[]; paging?: { cursors?: { after?: string | undefined } | undefined; next?: string | undefined } | undefined };

/** Graph times: ISO 8601 (`+0000`), or Unix seconds as the conversations guide shows `updated_time`. */
const graphTime = z.union([z.string(), z.number()]);
/** Messenger `from`/`to` carry `name` (and `email`); Instagram carries `username`. */
const messagingParty = z.object({ id: idString, name: z.string().optional(), username: z.string().optional() }).loose();

/** `GET /{page-id|ig-user-id}/conversations?platform=messenger|instagram&fields=updated_time,participants` (§2.9). */
export const conversationListSchema = listing(
  z
    .object({
      id: idString,
      updated_time: graphTime.optional(),
      participants: z
        .object({ data: z.array(messagingParty) })
        .loose()
        .optional(),
    })
    .loose(),
);
/** `GET /{conversation-id}/messages?fields=id,created_time,from,to,message` (§2.9), newest first. */
export const conversationMessageListSchema = listing(
  z
    .object({
      id: z.string().min(1),
      created_time: graphTime,
      from: messagingParty.optional(),
      to: z
        .object({ data: z.array(messagingParty) })
        .loose()
        .optional(),
      message: z.string().default(''),
    })
    .loose(),
);
