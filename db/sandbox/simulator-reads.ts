import type pg from 'pg';
import { z } from 'zod';
import type { OutboxItem, SimulatorState } from '../../contracts/simulator';
import { listSandboxFollows } from './sandbox-follows';
import { sandboxContacts } from './seed-sandbox';

const accountRow = z.object({ id: z.string(), platform: z.enum(['instagram', 'facebook', 'twitter']), username: z.string(), display_name: z.string() });
const postRow = z.object({
  id: z.string(),
  account_id: z.string(),
  external_id: z.string(),
  caption: z.string(),
  image_url: z.string(),
  permalink: z.string(),
});
const madeUpRow = z.object({ external_user_id: z.string(), name: z.string(), username: z.string() });
const deliveryRow = z.object({
  id: z.string(),
  account_id: z.string(),
  kind: z.enum(['dm', 'private_reply', 'public_reply']),
  recipient_external_id: z.string(),
  comment_id: z.string().nullable(),
  text: z.string(),
  created_at: z.date(),
});

/** The simulator page: the workspace's sandbox accounts, their posts, and the contacts to act as. */
export async function loadSimulatorState(db: pg.Pool, workspaceId: string): Promise<SimulatorState> {
  const accounts = await db.query(
    "select id, platform, username, display_name from social_accounts where workspace_id = $1 and provider = 'sandbox' order by platform desc",
    [workspaceId],
  );
  const posts = await db.query(
    `select p.id, p.account_id, p.external_id, p.caption, p.image_url, p.permalink from posts p
     join social_accounts a on a.id = p.account_id and a.provider = 'sandbox'
     where p.workspace_id = $1 order by p.created_at, p.external_id`,
    [workspaceId],
  );
  // The built-in people first, then everyone the user made up here (newest first), so a made-up
  // contact is still in the picker after a reload.
  const madeUp = await db.query(
    `select external_user_id, name, username from (
       select distinct on (c.external_user_id) c.external_user_id, c.name, c.username, c.created_at
       from contacts c join social_accounts a on a.id = c.account_id and a.provider = 'sandbox'
       where c.workspace_id = $1 and c.external_user_id <> all($2::text[]) and c.username is not null and c.name <> ''
       order by c.external_user_id, c.created_at desc
     ) x order by created_at desc limit 50`,
    [workspaceId, sandboxContacts.map((c) => c.externalUserId)],
  );
  const optedOut = await db.query<{ account_id: string; external_user_id: string }>(
    `select c.account_id, c.external_user_id from contacts c join social_accounts a on a.id = c.account_id and a.provider = 'sandbox'
     where c.workspace_id = $1 and c.opted_out_at is not null`,
    [workspaceId],
  );
  return {
    optedOut: optedOut.rows.map((r) => ({ accountId: r.account_id, externalUserId: r.external_user_id })),
    follows: await listSandboxFollows(db, workspaceId),
    accounts: z
      .array(accountRow)
      .parse(accounts.rows)
      .map((a) => ({ id: a.id, platform: a.platform, username: a.username, displayName: a.display_name })),
    posts: z
      .array(postRow)
      .parse(posts.rows)
      .map((p) => ({ id: p.id, accountId: p.account_id, externalId: p.external_id, caption: p.caption, imageUrl: p.image_url, permalink: p.permalink })),
    contacts: [
      ...sandboxContacts.map((c) => ({ ...c })),
      ...z
        .array(madeUpRow)
        .parse(madeUp.rows)
        .map((c) => ({ externalUserId: c.external_user_id, name: c.name, username: c.username })),
    ],
  };
}

/** Whether `accountId` is this workspace's sandbox account. */
export async function isSandboxAccount(db: pg.Pool, workspaceId: string, accountId: string): Promise<boolean> {
  const { rowCount } = await db.query("select id from social_accounts where workspace_id = $1 and id = $2 and provider = 'sandbox'", [workspaceId, accountId]);
  return Boolean(rowCount);
}

/** One round trip: the account is this workspace's sandbox account and the post is its own. */
export async function isSandboxPost(db: pg.Pool, workspaceId: string, accountId: string, postExternalId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `select 1 from posts p join social_accounts a on a.id = p.account_id
     where a.workspace_id = $1 and a.id = $2 and a.provider = 'sandbox' and p.external_id = $3`,
    [workspaceId, accountId, postExternalId],
  );
  return Boolean(rowCount);
}

/** What the sandbox "platform" received, newest first, optionally for one account. */
export async function listSandboxDeliveries(db: pg.Pool, workspaceId: string, accountId: string | null, limit: number): Promise<OutboxItem[]> {
  const { rows } = await db.query(
    `select id, account_id, kind, recipient_external_id, comment_id, text, created_at from sandbox_deliveries
     where workspace_id = $1 and ($2::uuid is null or account_id = $2) order by created_at desc, id desc limit $3`,
    [workspaceId, accountId, limit],
  );
  return z
    .array(deliveryRow)
    .parse(rows)
    .map((r) => ({
      id: r.id,
      accountId: r.account_id,
      kind: r.kind,
      recipientExternalId: r.recipient_external_id,
      commentId: r.comment_id,
      text: r.text,
      createdAt: r.created_at.toISOString(),
    }));
}

/** A contact's opt-out on an account (false for one not seen yet) and the workspace's opt-out settings as stored: the forecast's view. */
export async function readContactOptOut(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  accountId: string,
  externalUserId: string,
): Promise<{ optedOut: boolean; paused: boolean; settings: unknown }> {
  const { rows } = await db.query<{ opted_out: boolean; paused: boolean; opt_out: unknown }>(
    `select exists (select 1 from contacts c where c.account_id = $2 and c.external_user_id = $3 and c.opted_out_at is not null) as opted_out,
            exists (select 1 from contacts c where c.account_id = $2 and c.external_user_id = $3 and c.automation_paused_until > now()) as paused, w.opt_out
     from workspaces w where w.id = $1`,
    [workspaceId, accountId, externalUserId],
  );
  return { optedOut: rows[0]?.opted_out === true, paused: rows[0]?.paused === true, settings: rows[0]?.opt_out ?? null };
}
