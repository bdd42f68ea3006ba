import type pg from 'pg';
import { commentRuleBodySchema, uniqueKeywords, updateCommentRuleBodySchema, type SavedCommentRule } from '../../../contracts/comment-rules';
import { ruleClashQuerySchema, type ClashReport } from '../../../contracts/keyword-clashes';
import { getRule, listRules, queueStatus, resolvePostId } from '../../../db/comment-rules/read-rules';
import { createRule, deleteRule, updateRule } from '../../../db/comment-rules/write-rules';
import { recordActivity } from '../../../db/record-activity';
import { auditedDelete, withAudit } from '../../../db/audit/record-audit';
import { AppError } from '../../http/errors';
import { authedRouter, can, currentActor, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';
import { refuseNeverFiring } from '../automation/keyword-claims';
import { ruleClashes } from './rule-clashes';

const notFound = () => new AppError('NOT_FOUND', 'Comment rule not found');

/** Keyword comment rules, mounted at /api/comment-rules. */
export function commentRulesRoutes(pool: pg.Pool, privateRepliesPerHour: number) {
  const router = authedRouter({ read: 'workspace:read', write: 'rules:write' });

  /** The saved rule with the clashes its keywords have now (nothing while it is off). */
  async function withClashes(workspaceId: string, id: string): Promise<SavedCommentRule> {
    const rule = await getRule(pool, workspaceId, id);
    if (!rule) throw notFound();
    if (!rule.isActive) return { ...rule, clashes: [], silences: [] };
    const { clashes, silences } = await ruleClashes(pool, workspaceId, rule);
    return { ...rule, clashes, silences };
  }

  router.get('/', async (req, res) => {
    res.json(await listRules(pool, currentUser(req).workspaceId));
  });

  router.get('/queue', async (req, res) => {
    res.json(await queueStatus(pool, currentUser(req).workspaceId, privateRepliesPerHour));
  });

  /** The rule form's live check: what saving these keywords would clash with, before anything is saved (changes nothing). */
  router.post('/clashes', can('workspace:read'), async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const q = parseBody(ruleClashQuerySchema, req);
    const saved = q.id ? await getRule(pool, workspaceId, q.id) : null;
    if (q.id && !saved) throw notFound();
    const postId = q.automationType === 'specific_post' && q.postUrl ? await resolvePostId(pool, workspaceId, q.postUrl) : null;
    const report: ClashReport = await ruleClashes(pool, workspaceId, {
      id: saved?.id ?? '',
      platform: saved?.platform ?? q.platform,
      keywords: uniqueKeywords(q.keywords),
      automationType: saved?.automationType ?? q.automationType,
      postId: saved ? saved.postId : postId,
      createdAt: saved?.createdAt ?? null,
    });
    res.json(report);
  });

  router.post('/', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(commentRuleBodySchema, req);
    const postId = body.automationType === 'specific_post' && body.postUrl ? await resolvePostId(pool, workspaceId, body.postUrl) : null;
    // A rule that older rules leave nothing to answer is refused before it is saved (an inactive one is checked when switched on).
    if (body.isActive) refuseNeverFiring(await ruleClashes(pool, workspaceId, { ...body, id: '', postId, createdAt: null }));
    const id = await createRule(pool, workspaceId, body, postId);
    await recordActivity(pool, workspaceId, 'rule_created', `Comment rule created for ${body.keywords.join(', ')}`, 'general');
    res.status(201).json(await withClashes(workspaceId, id));
  });

  router.patch('/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const body = parseBody(updateCommentRuleBodySchema, req);
    const current = await getRule(pool, workspaceId, id);
    if (!current) throw notFound();
    const after = { ...current, ...body };
    if (after.isActive) refuseNeverFiring(await ruleClashes(pool, workspaceId, after));
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
    const gone = await auditedDelete(
      pool,
      currentActor(req),
      (client) => getRule(client, workspaceId, id),
      (client) => deleteRule(client, workspaceId, id),
      (rule) => ({ action: 'rule.deleted', target: { type: 'rule', id, label: rule.keywords.join(', ') } }),
    );
    if (!gone) throw notFound();
    res.status(204).end();
  });

  return router;
}
