import type pg from 'pg';
import {
  commentGrowthBodySchema,
  commentRuleBodySchema,
  updateCommentRuleBodySchema,
} from '../../../contracts/comment-rules';
import { recordActivity } from '../../../db/pipeline/record-activity';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';
import { getRule, listRules, queueStatus, resolvePostId } from './comment-rules.repo';

const notFound = () => new AppError('NOT_FOUND', 'Comment rule not found');

export function commentRulesRoutes(pool: pg.Pool, privateRepliesPerHour: number) {
  const router = authedRouter();

  router.get('/api/comment-rules', async (req, res) => {
    res.json(await listRules(pool, currentUser(req).workspaceId));
  });

  router.get('/api/comment-rules/queue', async (req, res) => {
    res.json(await queueStatus(pool, currentUser(req).workspaceId, privateRepliesPerHour));
  });

  router.post('/api/comment-rules', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(commentRuleBodySchema, req);
    const postId = body.automationType === 'specific_post' && body.postUrl ? await resolvePostId(pool, workspaceId, body.postUrl) : null;
    const { rows } = await pool.query<{ id: string }>(
      `insert into comment_rules (workspace_id, platform, keywords, response_template, public_reply_template, is_active, automation_type, post_url, post_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
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
      ],
    );
    await recordActivity(pool, workspaceId, 'rule_created', `Comment rule created for ${body.keywords.join(', ')}`, 'general');
    res.status(201).json(await getRule(pool, workspaceId, rows[0]!.id));
  });

  router.patch('/api/comment-rules/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const body = parseBody(updateCommentRuleBodySchema, req);
    const { rowCount } = await pool.query(
      `update comment_rules set
         is_active = coalesce($3, is_active),
         keywords = coalesce($4, keywords),
         response_template = coalesce($5, response_template),
         public_reply_template = case when $6 then $7 else public_reply_template end
       where workspace_id = $1 and id = $2`,
      [
        workspaceId,
        id,
        body.isActive ?? null,
        body.keywords ?? null,
        body.responseTemplate ?? null,
        body.publicReplyTemplate !== undefined,
        body.publicReplyTemplate || null,
      ],
    );
    if (rowCount === 0) throw notFound();
    res.json(await getRule(pool, workspaceId, id));
  });

  router.delete('/api/comment-rules/:id', async (req, res) => {
    const { rowCount } = await pool.query('delete from comment_rules where workspace_id = $1 and id = $2', [
      currentUser(req).workspaceId,
      idParam(req),
    ]);
    if (rowCount === 0) throw notFound();
    res.status(204).end();
  });

  router.post('/api/automation/comment-growth', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(commentGrowthBodySchema, req);
    const { rows } = await pool.query<{ id: string }>(
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
    res.status(201).json(await getRule(pool, workspaceId, rows[0]!.id));
  });

  return router;
}
