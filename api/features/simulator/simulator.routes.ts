import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import type { SandboxEvent } from '../../../contracts/inbound';
import {
  simulateCommentBodySchema,
  simulateMessageBodySchema,
  type IngestAccepted,
  type OutboxItem,
  type SimulatorState,
} from '../../../contracts/simulator';
import { ingestEvents } from '../../../db/pipeline/ingest-events';
import { ensureSandboxAccounts, sandboxContacts } from '../../../db/sandbox/seed-sandbox';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';

const outboxQuerySchema = z.object({ accountId: z.uuid().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

/**
 * The built-in simulator (ARCHITECTURE.md#channels): act as a fake contact on a sandbox account. Its
 * events go through the same durable ingest path the Meta and X webhooks use.
 */
export function simulatorRoutes(pool: pg.Pool) {
  const router = authedRouter();

  async function sandboxAccount(workspaceId: string, accountId: string) {
    const { rows } = await pool.query<{ id: string }>(
      "select id from social_accounts where workspace_id = $1 and id = $2 and provider = 'sandbox'",
      [workspaceId, accountId],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', 'Sandbox account not found');
  }

  async function accept(workspaceId: string, eventKey: string, payload: SandboxEvent): Promise<IngestAccepted> {
    const result = await ingestEvents(pool, [{ provider: 'sandbox', eventKey, workspaceId, payload }]);
    return { accepted: true, eventId: result.ids[0] ?? null, duplicate: result.duplicates > 0 };
  }

  router.get('/api/simulator', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    await ensureSandboxAccounts(pool, workspaceId);
    const accounts = await pool.query(
      "select id, platform, username, display_name from social_accounts where workspace_id = $1 and provider = 'sandbox' order by platform desc",
      [workspaceId],
    );
    const posts = await pool.query(
      `select p.id, p.account_id, p.external_id, p.caption, p.image_url, p.permalink from posts p
       join social_accounts a on a.id = p.account_id and a.provider = 'sandbox'
       where p.workspace_id = $1 order by p.created_at, p.external_id`,
      [workspaceId],
    );
    // The built-in people first, then everyone the user made up here (newest first), so a made-up
    // contact is still in the picker after a reload.
    const madeUp = await pool.query(
      `select external_user_id, name, username from (
         select distinct on (c.external_user_id) c.external_user_id, c.name, c.username, c.created_at
         from contacts c join social_accounts a on a.id = c.account_id and a.provider = 'sandbox'
         where c.workspace_id = $1 and c.external_user_id <> all($2::text[]) and c.username is not null and c.name <> ''
         order by c.external_user_id, c.created_at desc
       ) x order by created_at desc limit 50`,
      [workspaceId, sandboxContacts.map((c) => c.externalUserId)],
    );
    const body: SimulatorState = {
      accounts: z
        .array(z.object({ id: z.string(), platform: z.enum(['instagram', 'facebook', 'twitter']), username: z.string(), display_name: z.string() }))
        .parse(accounts.rows)
        .map((a) => ({ id: a.id, platform: a.platform, username: a.username, displayName: a.display_name })),
      posts: z
        .array(z.object({ id: z.string(), account_id: z.string(), external_id: z.string(), caption: z.string(), image_url: z.string(), permalink: z.string() }))
        .parse(posts.rows)
        .map((p) => ({ id: p.id, accountId: p.account_id, externalId: p.external_id, caption: p.caption, imageUrl: p.image_url, permalink: p.permalink })),
      contacts: [
        ...sandboxContacts.map((c) => ({ ...c })),
        ...z
          .array(z.object({ external_user_id: z.string(), name: z.string(), username: z.string() }))
          .parse(madeUp.rows)
          .map((c) => ({ externalUserId: c.external_user_id, name: c.name, username: c.username })),
      ],
    };
    res.json(body);
  });

  router.post('/api/simulator/comments', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(simulateCommentBodySchema, req);
    // One round trip: the account is this workspace's sandbox account and the post is its own.
    const post = await pool.query(
      `select 1 from posts p join social_accounts a on a.id = p.account_id
       where a.workspace_id = $1 and a.id = $2 and a.provider = 'sandbox' and p.external_id = $3`,
      [workspaceId, body.accountId, body.postId],
    );
    if (post.rowCount === 0) throw new AppError('NOT_FOUND', 'Sandbox account or post not found');
    const commentId = body.commentId ?? `c_${randomUUID()}`;
    const payload: SandboxEvent = {
      type: 'comment',
      accountId: body.accountId,
      postId: body.postId,
      commentId,
      from: { id: body.contact.externalUserId, name: body.contact.name, username: body.contact.username },
      text: body.text,
      createdAt: new Date().toISOString(),
    };
    res.status(202).json(await accept(workspaceId, `comment:${body.accountId}:${commentId}`, payload));
  });

  router.post('/api/simulator/messages', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(simulateMessageBodySchema, req);
    await sandboxAccount(workspaceId, body.accountId);
    const messageId = body.messageId ?? `m_${randomUUID()}`;
    const payload: SandboxEvent = {
      type: 'message',
      accountId: body.accountId,
      messageId,
      from: { id: body.contact.externalUserId, name: body.contact.name, username: body.contact.username },
      text: body.text,
      createdAt: new Date().toISOString(),
    };
    res.status(202).json(await accept(workspaceId, `message:${body.accountId}:${messageId}`, payload));
  });

  router.get('/api/simulator/outbox', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const q = parseQuery(outboxQuerySchema, req);
    const { rows } = await pool.query(
      `select id, account_id, kind, recipient_external_id, comment_id, text, created_at from sandbox_deliveries
       where workspace_id = $1 and ($2::uuid is null or account_id = $2) order by created_at desc, id desc limit $3`,
      [workspaceId, q.accountId ?? null, q.limit],
    );
    const items: OutboxItem[] = z
      .array(
        z.object({
          id: z.string(),
          account_id: z.string(),
          kind: z.enum(['dm', 'private_reply', 'public_reply']),
          recipient_external_id: z.string(),
          comment_id: z.string().nullable(),
          text: z.string(),
          created_at: z.date(),
        }),
      )
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
    res.json(items);
  });

  return router;
}
