import type pg from 'pg';
import { commentRuleBodySchema, updateCommentRuleBodySchema } from '../../../contracts/comment-rules';
import { getRule, listRules, queueStatus, resolvePostId } from '../../../db/comment-rules/read-rules';
import { createRule, deleteRule, updateRule } from '../../../db/comment-rules/write-rules';
import { recordActivity } from '../../../db/pipeline/record-activity';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';

const notFound = () => new AppError('NOT_FOUND', 'Comment rule not found');

/** Keyword comment rules, mounted at /api/comment-rules. */
export function commentRulesRoutes(pool: pg.Pool, privateRepliesPerHour: number) {
  const router = authedRouter();

  router.get('/', async (req, res) => {
    res.json(await listRules(pool, currentUser(req).workspaceId));
  });

  router.get('/queue', async (req, res) => {
    res.json(await queueStatus(pool, currentUser(req).workspaceId, privateRepliesPerHour));
  });

  router.post('/', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(commentRuleBodySchema, req);
    const postId = body.automationType === 'specific_post' && body.postUrl ? await resolvePostId(pool, workspaceId, body.postUrl) : null;
    const id = await createRule(pool, workspaceId, body, postId);
    await recordActivity(pool, workspaceId, 'rule_created', `Comment rule created for ${body.keywords.join(', ')}`, 'general');
    res.status(201).json(await getRule(pool, workspaceId, id));
  });

  router.patch('/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const body = parseBody(updateCommentRuleBodySchema, req);
    if (!(await updateRule(pool, workspaceId, id, body))) throw notFound();
    res.json(await getRule(pool, workspaceId, id));
  });

  router.delete('/:id', async (req, res) => {
    if (!(await deleteRule(pool, currentUser(req).workspaceId, idParam(req)))) throw notFound();
    res.status(204).end();
  });

  return router;
}
