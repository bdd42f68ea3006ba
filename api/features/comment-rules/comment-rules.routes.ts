import type pg from 'pg';
import { commentRuleBodySchema, updateCommentRuleBodySchema, type SavedCommentRule } from '../../../contracts/comment-rules';
import { readActiveTriggers } from '../../../db/flows/active-triggers';
import { keywordClashes } from '../../../workflows/keyword-clashes';
import { getRule, listRules, queueStatus, resolvePostId } from '../../../db/comment-rules/read-rules';
import { createRule, deleteRule, updateRule } from '../../../db/comment-rules/write-rules';
import { recordActivity } from '../../../db/pipeline/record-activity';
import { withAudit } from '../../../db/audit/record-audit';
import { AppError } from '../../http/errors';
import { authedRouter, currentActor, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';

const notFound = () => new AppError('NOT_FOUND', 'Comment rule not found');

/** Keyword comment rules, mounted at /api/comment-rules. */
export function commentRulesRoutes(pool: pg.Pool, privateRepliesPerHour: number) {
  const router = authedRouter({ read: 'workspace:read', write: 'rules:write' });

  /** The saved rule with the keywords another active rule or live comment flow also answers (nothing when the rule is off). */
  async function withClashes(workspaceId: string, id: string): Promise<SavedCommentRule> {
    const rule = await getRule(pool, workspaceId, id);
    if (!rule) throw notFound();
    if (!rule.isActive) return { ...rule, clashes: [] };
    const rules = (await listRules(pool, workspaceId))
      .filter((r) => r.id !== rule.id && r.isActive && r.platform === rule.platform)
      .filter((r) => r.automationType === 'all_posts' || rule.automationType === 'all_posts' || r.postId === rule.postId)
      .map((r) => ({ with: 'rule' as const, id: r.id, name: r.keywords.join(', '), keywords: r.keywords }));
    const flows = (await readActiveTriggers(pool, workspaceId))
      .filter((f) => f.trigger.type === 'comment' && f.platform !== 'twitter')
      .filter((f) => f.trigger.type !== 'comment' || !f.trigger.postId || !rule.postId || f.trigger.postId === rule.postId)
      .map((f) => ({ with: 'flow' as const, id: f.flow_id, name: f.flow_name, keywords: f.trigger.keywords }));
    return { ...rule, clashes: keywordClashes(rule.keywords, [...rules, ...flows]) };
  }

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
    res.status(201).json(await withClashes(workspaceId, id));
  });

  router.patch('/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const body = parseBody(updateCommentRuleBodySchema, req);
    const before = await withAudit(
      pool,
      currentActor(req),
      async (client) => {
        const rule = await getRule(client, workspaceId, id);
        return rule && (await updateRule(client, workspaceId, id, body)) ? rule : null;
      },
      (rule) =>
        rule && body.isActive !== undefined && body.isActive !== rule.isActive
          ? { action: body.isActive ? 'rule.activated' : 'rule.deactivated', target: { type: 'rule', id, label: rule.keywords.join(', ') } }
          : null,
    );
    if (!before) throw notFound();
    res.json(await withClashes(workspaceId, id));
  });

  router.delete('/:id', async (req, res) => {
    const { workspaceId } = currentActor(req);
    const id = idParam(req);
    const gone = await withAudit(
      pool,
      currentActor(req),
      async (client) => {
        const rule = await getRule(client, workspaceId, id);
        return rule && (await deleteRule(client, workspaceId, id)) ? rule : null;
      },
      (rule) => rule && { action: 'rule.deleted', target: { type: 'rule', id, label: rule.keywords.join(', ') } },
    );
    if (!gone) throw notFound();
    res.status(204).end();
  });

  return router;
}
