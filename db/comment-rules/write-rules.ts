import type pg from 'pg';
import type { z } from 'zod';
import type { commentGrowthBodySchema, commentRuleBodySchema, updateCommentRuleBodySchema } from '../../contracts/comment-rules';

type NewRule = z.output<typeof commentRuleBodySchema>;

/** Creates a keyword rule; `postId` is the resolved post of a specific-post rule. Returns its id. */
export async function createRule(db: pg.Pool, workspaceId: string, body: NewRule, postId: string | null): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into comment_rules (workspace_id, platform, keywords, response_template, public_reply_template, is_active, automation_type, post_url, post_id, track_links)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      workspaceId,
      body.platform,
      body.keywords,
      body.responseTemplate,
      body.publicReplyTemplate || null,
      body.isActive,
      body.automationType,
      body.automationType === 'specific_post' ? body.postUrl : null,
      postId,
      body.trackLinks,
    ],
  );
  return rows[0]!.id;
}

/** Applies the fields present in `body`; false when the rule is not this workspace's. */
export async function updateRule(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  id: string,
  body: z.output<typeof updateCommentRuleBodySchema>,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update comment_rules set
       is_active = coalesce($3, is_active),
       keywords = coalesce($4, keywords),
       response_template = coalesce($5, response_template),
       public_reply_template = case when $6 then $7 else public_reply_template end,
       track_links = coalesce($8, track_links)
     where workspace_id = $1 and id = $2`,
    [
      workspaceId,
      id,
      body.isActive ?? null,
      body.keywords ?? null,
      body.responseTemplate ?? null,
      // An explicit empty template clears it; an absent one leaves it.
      body.publicReplyTemplate !== undefined,
      body.publicReplyTemplate || null,
      body.trackLinks ?? null,
    ],
  );
  return rowCount !== 0;
}

export async function deleteRule(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from comment_rules where workspace_id = $1 and id = $2', [workspaceId, id]);
  return rowCount !== 0;
}

/** Comment-to-DM growth tool: a specific-post rule whose post id is the one given. Returns its id. */
export async function createCommentGrowthRule(db: pg.Pool, workspaceId: string, body: z.output<typeof commentGrowthBodySchema>): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into comment_rules (workspace_id, platform, keywords, response_template, automation_type, post_url, post_id)
     values ($1, $2, $3, $4, 'specific_post', $5, $5) returning id`,
    [
      workspaceId,
      body.platform,
      body.triggerKeywords,
      body.responseTemplate ?? 'Hi {first_name}! Thanks for your comment — here are the details you asked for.',
      body.postId,
    ],
  );
  return rows[0]!.id;
}
