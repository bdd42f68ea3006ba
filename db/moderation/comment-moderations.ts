import type pg from 'pg';
import { z } from 'zod';
import { moderationSettingsSchema, type ModerationSettings, type ModerationView } from '../../contracts/comment-moderation';
import { jobSpecRow } from '../jobs/job-spec';

type Db = Pick<pg.PoolClient, 'query'>;

/** The stored settings, or null when never set or unreadable (a bad value never stops the inbound batch). */
export function parseModerationSettings(json: unknown): ModerationSettings | null {
  if (json === null || json === undefined) return null;
  const r = moderationSettingsSchema.safeParse(json);
  return r.success ? r.data : null;
}

/** Settings of accounts the claim did not bring (an event naming another account than its claim's): one statement. */
export async function readModerationSettings(db: Db, accountIds: string[]): Promise<Map<string, ModerationSettings | null>> {
  const { rows } = await db.query<{ id: string; m: unknown }>('select id, comment_moderation as m from social_accounts where id = any($1::uuid[])', [
    accountIds,
  ]);
  return new Map(rows.map((r) => [r.id, parseModerationSettings(r.m)]));
}

/**
 * For each comment, how many comments with the same text (spacing, letter case and Unicode forms
 * aside) its author wrote on the account within the hour up to and including it, in one statement
 * (ADR 0052). The author's comments are found by `comments_account_contact_idx`; order within the
 * same second is by comment id, so comments of one batch count as if they came one by one.
 */
export async function countRepeats(db: Db, items: Array<{ accountId: string; contactId: string; commentId: string; commentedAt: string }>): Promise<number[]> {
  if (items.length === 0) return [];
  const { rows } = await db.query<{ n: number }>(
    `select (select count(*)::int from comments c
              where c.account_id = t.account_id and c.contact_id = t.contact_id
                and c.commented_at > t.commented_at - interval '1 hour'
                and (c.commented_at < t.commented_at or (c.commented_at = t.commented_at and c.platform_comment_id <= t.comment_id))
                and lower(btrim(regexp_replace(normalize(c.text, NFKC), '\\s+', ' ', 'g'))) = lower(btrim(regexp_replace(normalize(me.text, NFKC), '\\s+', ' ', 'g')))) as n
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[]) with ordinality as t(account_id, contact_id, comment_id, commented_at, ord)
       join comments me on me.account_id = t.account_id and me.platform_comment_id = t.comment_id
      order by t.ord`,
    [items.map((i) => i.accountId), items.map((i) => i.contactId), items.map((i) => i.commentId), items.map((i) => i.commentedAt)],
  );
  return rows.map((r) => r.n);
}

export interface NewModeration {
  workspaceId: string;
  accountId: string;
  commentId: string;
  text: string;
  author: string;
  action: 'hide' | 'delete';
  reason: string;
}

/**
 * The moderations and their `comments.moderate` jobs, in the batch's transaction, in one statement.
 * The unique (account, comment) key makes it idempotent: a comment moderated before queues nothing.
 */
export async function queueModerations(db: Db, items: NewModeration[]): Promise<number> {
  if (items.length === 0) return 0;
  const { rows } = await db.query<{ n: number }>(
    `with ins as (
       insert into comment_moderations (workspace_id, account_id, platform_comment_id, text, author, action, reason)
       select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
       on conflict (account_id, platform_comment_id) do nothing
       returning id),
     jobs as (
       select graphile_worker.add_jobs(array_agg(${jobSpecRow('comments.moderate', { payload: `json_build_object('moderationId', id)`, keyOf: 'id::text' })}))
         from ins having count(*) > 0)
     select (select count(*)::int from ins) as n, (select count(*) from jobs) as j`,
    [
      items.map((i) => i.workspaceId),
      items.map((i) => i.accountId),
      items.map((i) => i.commentId),
      items.map((i) => i.text),
      items.map((i) => i.author),
      items.map((i) => i.action),
      items.map((i) => i.reason),
    ],
  );
  return rows[0]?.n ?? 0;
}

const moderationJobRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  account_id: z.string(),
  platform_comment_id: z.string(),
  author: z.string(),
  action: z.enum(['hide', 'delete']),
  status: z.enum(['queued', 'done', 'failed']),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  provider: z.enum(['meta', 'x', 'sandbox']),
  external_id: z.string(),
  linked_external_id: z.string().nullable(),
  access_token_enc: z.string().nullable(),
  profile: z.unknown(),
  is_active: z.boolean(),
});
export type ModerationJobRow = z.infer<typeof moderationJobRow>;

/** One moderation with its account's columns for the Graph call; null when gone (the account was deleted). */
export async function readModeration(db: Db, id: string): Promise<ModerationJobRow | null> {
  const { rows } = await db.query(
    `select m.id, m.workspace_id, m.account_id, m.platform_comment_id, m.author, m.action, m.status,
            a.platform, a.provider, a.external_id, a.linked_external_id, a.access_token_enc, a.profile, a.is_active
       from comment_moderations m join social_accounts a on a.id = m.account_id where m.id = $1`,
    [id],
  );
  return rows[0] ? moderationJobRow.parse(rows[0]) : null;
}

/** The call's outcome and its activity line, in one statement; `failed` also for an attempt that will be retried (its error shown meanwhile). */
export async function finishModeration(
  db: Db,
  id: string,
  outcome: { status: 'done' | 'failed' | 'queued'; error: string | null },
  activity: { workspaceId: string; action: string; message: string } | null,
): Promise<void> {
  await db.query(
    `with m as (update comment_moderations set status = $2, last_error = $3, attempts = attempts + 1,
                       done_at = case when $2 = 'done' then now() else done_at end
                 where id = $1 returning id)
     insert into automation_activity (workspace_id, action, message, intent)
     select $4, $5, $6, 'general' from m where $5::text is not null`,
    [id, outcome.status, outcome.error, activity?.workspaceId ?? null, activity?.action ?? null, activity?.message ?? null],
  );
}

/** The account's settings and its latest moderated comments, for the settings panel. */
export async function readModerationView(db: Db, accountId: string): Promise<ModerationView> {
  const settings = await db.query<{ m: unknown }>('select comment_moderation as m from social_accounts where id = $1', [accountId]);
  const { rows } = await db.query<{
    platform_comment_id: string;
    text: string;
    author: string;
    action: 'hide' | 'delete';
    reason: string;
    status: 'queued' | 'done' | 'failed';
    last_error: string | null;
    created_at: Date;
  }>(
    `select platform_comment_id, text, author, action, reason, status, last_error, created_at
       from comment_moderations where account_id = $1 order by created_at desc limit 20`,
    [accountId],
  );
  return {
    settings: parseModerationSettings(settings.rows[0]?.m) ?? moderationSettingsSchema.parse({ enabled: false }),
    recent: rows.map((r) => ({
      commentId: r.platform_comment_id,
      text: r.text,
      author: r.author,
      action: r.action,
      reason: r.reason,
      status: r.status,
      error: r.last_error,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

/** Saves an account's settings (the caller checked the account is the workspace's). */
export async function saveModerationSettings(db: Db, workspaceId: string, accountId: string, settings: ModerationSettings): Promise<void> {
  await db.query('update social_accounts set comment_moderation = $3::jsonb where workspace_id = $1 and id = $2', [
    workspaceId,
    accountId,
    JSON.stringify(settings),
  ]);
}
