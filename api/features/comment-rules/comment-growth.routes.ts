import type pg from 'pg';
import { commentGrowthBodySchema } from '../../../contracts/comment-rules';
import { getRule } from '../../../db/comment-rules/read-rules';
import { createCommentGrowthRule } from '../../../db/comment-rules/write-rules';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody } from '../../http/validate';
import { refuseNeverFiring } from '../automation/keyword-claims';
import { ruleClashes } from './rule-clashes';

/** The comment-to-DM growth tool, mounted at /api/automation (its path predates the comment-rules prefix). */
export function commentGrowthRoutes(pool: pg.Pool) {
  const router = authedRouter('rules:write');

  router.post('/comment-growth', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(commentGrowthBodySchema, req);
    const rule = {
      id: '',
      platform: body.platform,
      keywords: body.triggerKeywords,
      automationType: 'specific_post' as const,
      postId: body.postId,
      createdAt: null,
    };
    refuseNeverFiring(await ruleClashes(pool, workspaceId, rule));
    const id = await createCommentGrowthRule(pool, workspaceId, body);
    res.status(201).json(await getRule(pool, workspaceId, id));
  });

  return router;
}
