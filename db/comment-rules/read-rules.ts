import type pg from 'pg';
import { z } from 'zod';
import type { CommentRule, ReplyQueueStatus } from '../../contracts/comment-rules';

const ruleRow = z.object({
  id: z.string(),
  platform: z.enum(['instagram', 'facebook']),
  keywords: z.array(z.string()),
  response_template: z.string(),
  public_reply_template: z.string().nullable(),
  track_links: z.boolean(),
  is_active: z.boolean(),
  automation_type: z.enum(['all_posts', 'specific_post']),
  post_url: z.string().nullable(),
  post_id: z.string().nullable(),
  created_at: z.date(),
  matched: z.coerce.number(),
  sent: z.coerce.number(),
  queued: z.coerce.number(),
});

const selectRules = `
  select r.id, r.platform, r.keywords, r.response_template, r.public_reply_template, r.track_links, r.is_active, r.automation_type,
         r.post_url, r.post_id, r.created_at,
         count(l.id) filter (where l.kind = 'private_reply') as matched,
         count(l.id) filter (where l.kind = 'private_reply' and l.status = 'sent') as sent,
         count(l.id) filter (where l.kind = 'private_reply' and l.status = 'queued') as queued
  from comment_rules r left join outbound_ledger l on l.rule_id = r.id
  where r.workspace_id = $1`;

function toRule(r: z.infer<typeof ruleRow>): CommentRule {
  return {
    id: r.id,
    platform: r.platform,
    keywords: r.keywords,
    responseTemplate: r.response_template,
    publicReplyTemplate: r.public_reply_template,
    trackLinks: r.track_links,
    isActive: r.is_active,
    automationType: r.automation_type,
    postUrl: r.post_url,
    postId: r.post_id,
    createdAt: r.created_at.toISOString(),
    stats: { matched: r.matched, sent: r.sent, queued: r.queued },
  };
}

export async function listRules(pool: pg.Pool, workspaceId: string): Promise<CommentRule[]> {
  const { rows } = await pool.query(`${selectRules} group by r.id order by r.created_at, r.id`, [workspaceId]);
  return z.array(ruleRow).parse(rows).map(toRule);
}

export async function getRule(pool: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<CommentRule | undefined> {
  const { rows } = await pool.query(`${selectRules} and r.id = $2 group by r.id`, [workspaceId, id]);
  return rows[0] ? toRule(ruleRow.parse(rows[0])) : undefined;
}

/**
 * A post URL → the post id comments carry: a post we know by permalink, else the URL's last path
 * segment (Instagram /p/<code>/, Facebook /posts/<id>), else the text itself.
 */
export async function resolvePostId(pool: pg.Pool, workspaceId: string, postUrl: string): Promise<string> {
  const clean = postUrl
    .trim()
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  const known = await pool.query<{ external_id: string }>(
    `select external_id from posts where workspace_id = $1 and (rtrim(permalink, '/') = $2 or external_id = $2) limit 1`,
    [workspaceId, clean],
  );
  if (known.rows[0]) return known.rows[0].external_id;
  const segments = clean.split('/').filter(Boolean);
  return segments[segments.length - 1] ?? clean;
}

export async function queueStatus(pool: pg.Pool, workspaceId: string, perHour: number): Promise<ReplyQueueStatus> {
  const { rows } = await pool.query(
    `select a.id as account_id, a.username, count(l.id) as queued, max(l.scheduled_for) as eta
     from social_accounts a
     join outbound_ledger l on l.account_id = a.id and l.status = 'queued' and l.kind = 'private_reply'
     where a.workspace_id = $1
     group by a.id, a.username order by a.username`,
    [workspaceId],
  );
  const accounts = z
    .array(z.object({ account_id: z.string(), username: z.string(), queued: z.coerce.number(), eta: z.date().nullable() }))
    .parse(rows)
    .map((r) => ({
      accountId: r.account_id,
      username: r.username,
      queued: r.queued,
      eta: r.eta ? r.eta.toISOString() : null,
      limitPerHour: perHour,
    }));
  const etas = accounts
    .map((a) => a.eta)
    .filter((e): e is string => e !== null)
    .sort();
  return { queued: accounts.reduce((n, a) => n + a.queued, 0), eta: etas[etas.length - 1] ?? null, accounts };
}
