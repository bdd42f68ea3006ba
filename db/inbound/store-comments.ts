import type pg from 'pg';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * Every comment of an inbound batch (ADR 0020; one event is a batch of one), stored with its contact
 * in one statement (workers/inbound/comments.ts storeComments): the only writer of inbound comments.
 */

export interface BatchComment {
  workspaceId: string;
  accountId: string;
  commentId: string;
  postId: string;
  text: string;
  commentedAt: string;
  from: { id: string; name: string; username: string | null };
}

export interface StoredComment {
  contactId: string;
  /** false: the comment was stored before (a redelivery): its rules already ran. */
  inserted: boolean;
  ageDays: number;
  /** The contact opted out (workers/inbound/opt-out.ts): read by this same statement, nothing automated answers. */
  optedOut: boolean;
  /**
   * A teammate took the conversation over (contracts/takeover.ts): read by this same statement from
   * the contact row it upserts (automation_paused_until > now()), nothing automated answers.
   */
  paused: boolean;
  /** The contact was made by this statement (event webhooks' contact.created; every comment of that person says so). */
  contactCreated: boolean;
}

/**
 * The comments' contacts (one upsert per account + person, however many of their comments the
 * batch holds; the name and handle are the last ones given, as the per-event upserts in order would
 * leave them) and the comments (a known one is a no-op), in one statement. No two comments of
 * `comments` may have the same account and comment id. Returns one entry per comment, in order.
 */
export async function storeCommentBatch(db: Db, comments: BatchComment[]): Promise<StoredComment[]> {
  if (comments.length === 0) return [];
  const contacts = new Map<string, { workspaceId: string; accountId: string; id: string; name: string; username: string | null }>();
  for (const c of comments) {
    const key = `${c.accountId}\u0000${c.from.id}`;
    const seen = contacts.get(key);
    contacts.set(key, {
      workspaceId: c.workspaceId,
      accountId: c.accountId,
      id: c.from.id,
      name: c.from.name !== '' ? c.from.name : (seen?.name ?? ''),
      username: c.from.username ?? seen?.username ?? null,
    });
  }
  const people = [...contacts.values()];
  const { rows } = await db.query<{
    n: string;
    contact_id: string;
    inserted: boolean;
    age_days: number | null;
    opted_out: boolean;
    paused: boolean;
    contact_created: boolean;
  }>({
    name: 'inbound-comment-batch',
    text: `with c as (
       insert into contacts (workspace_id, account_id, external_user_id, name, username, last_inbound_at)
       select workspace_id, account_id, external_user_id, name, username, null
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[]) as t(workspace_id, account_id, external_user_id, name, username)
       on conflict (account_id, external_user_id) do update set
         name = coalesce(nullif(excluded.name, ''), contacts.name),
         username = coalesce(excluded.username, contacts.username),
         last_inbound_at = greatest(contacts.last_inbound_at, excluded.last_inbound_at)
       returning id, account_id, external_user_id, opted_out_at, automation_paused_until, xmax = 0 as created
     ), e as (
       select * from unnest($6::uuid[], $7::uuid[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[])
         with ordinality as t(workspace_id, account_id, comment_id, post_id, text, author_id, author_username, commented_at, n)
     ), ins as (
       insert into comments (workspace_id, account_id, contact_id, platform_comment_id, post_id, text, author_external_id, author_username, commented_at)
       select e.workspace_id, e.account_id, c.id, e.comment_id, e.post_id, e.text, e.author_id, e.author_username, e.commented_at
       from e join c on c.account_id = e.account_id and c.external_user_id = e.author_id
       order by e.n
       on conflict (account_id, platform_comment_id) do nothing
       returning account_id, platform_comment_id, extract(epoch from now() - commented_at)::float8 / 86400 as age_days
     )
     select e.n, c.id as contact_id, ins.platform_comment_id is not null as inserted, ins.age_days, c.opted_out_at is not null as opted_out,
            coalesce(c.automation_paused_until > now(), false) as paused, c.created as contact_created
     from e join c on c.account_id = e.account_id and c.external_user_id = e.author_id
     left join ins on ins.account_id = e.account_id and ins.platform_comment_id = e.comment_id
     order by e.n`,
    values: [
      people.map((p) => p.workspaceId),
      people.map((p) => p.accountId),
      people.map((p) => p.id),
      people.map((p) => p.name),
      people.map((p) => p.username),
      comments.map((c) => c.workspaceId),
      comments.map((c) => c.accountId),
      comments.map((c) => c.commentId),
      comments.map((c) => c.postId),
      comments.map((c) => c.text),
      comments.map((c) => c.from.id),
      comments.map((c) => c.from.username),
      comments.map((c) => c.commentedAt),
    ],
  });
  if (rows.length !== comments.length) throw new Error(`storeCommentBatch: ${rows.length} rows for ${comments.length} comments`);
  return rows.map((r) => ({
    contactId: r.contact_id,
    inserted: r.inserted,
    ageDays: Number(r.age_days ?? 0),
    optedOut: r.opted_out,
    paused: r.paused,
    contactCreated: r.contact_created,
  }));
}
