import type pg from 'pg';
import { z } from 'zod';
import type { ExecutionPlan } from '../../../contracts/execution-plan';
import { flowBodySchema, testRunBodySchema, validateFlowBodySchema, type FlowPlatform, type FlowValidation, type SavedFlow } from '../../../contracts/flows';
import { flowClashQuerySchema, type ClashReport, type KeywordClash } from '../../../contracts/keyword-clashes';
import { deleteFlow, lockFlowForSave, saveFlow } from '../../../db/flows/publish-flow';
import { lockFlowState } from '../../../db/flows/flow-state';
import { listTestContacts, startTestRun } from '../../../db/flows/test-runs';
import { withTransaction } from '../../../db/transaction';
import { type AuditActor, auditedDelete, recordAudit } from '../../../db/audit/record-audit';
import { compile, triggerOfGraph } from '../../../flow-compiler/compile';
import { flowClaim, isKeywordTrigger, keywordClashes } from '../../../workflows/keyword-clashes';
import { AppError } from '../../http/errors';
import { authedRouter, can, currentActor, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';
import { loadKeywordClaims, refuseNeverFiring } from '../automation/keyword-claims';
import { getFlow, listFlows } from '../../../db/flows/read-flows';
import { getRunSummary } from '../../../db/flows/read-runs';

const flowNotFound = () => new AppError('NOT_FOUND', 'Flow not found');

/**
 * Flows (docs/product-spec.md §7), mounted at /api/flows. Saving with isActive publishes: the graph is compiled
 * and, when its plan changed, stored as the next immutable version that new runs start on. An
 * invalid graph is refused whole (400 with every error by node); nothing is saved.
 */
export function flowsRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'flows:write' });

  router.get('/', async (req, res) => {
    res.json(await listFlows(pool, currentUser(req).workspaceId));
  });

  router.get('/:id', async (req, res) => {
    const flow = await getFlow(pool, currentUser(req).workspaceId, idParam(req));
    if (!flow) throw flowNotFound();
    res.json(flow);
  });

  router.post('/validate', can('workspace:read'), (req, res) => {
    const { flowData } = parseBody(validateFlowBodySchema, req);
    const platform = z
      .enum(['twitter', 'instagram', 'multi'])
      .catch('multi')
      .parse((req.body as { platform?: unknown }).platform);
    const result = compile(flowData, platform);
    const body: FlowValidation = { valid: result.ok, errors: result.errors };
    res.json(body);
  });

  /** The clashes of a flow's trigger with the workspace's other live automations (ARCHITECTURE.md#rules-and-flows). */
  async function triggerClashes(workspaceId: string, flow: { id: string | null; name: string; platform: FlowPlatform }, trigger: ExecutionPlan['trigger']) {
    if (!isKeywordTrigger(trigger)) return { clashes: [], neverFires: null, silences: [] } satisfies ClashReport;
    const { claims, accounts } = await loadKeywordClaims(pool, workspaceId);
    return keywordClashes(flowClaim({ id: flow.id ?? '', name: flow.name, platform: flow.platform }, trigger, accounts), claims);
  }

  /** What Start would say about the draft's trigger, before publishing (changes nothing): nothing while the graph has no valid trigger. */
  router.post('/clashes', can('workspace:read'), async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const q = parseBody(flowClashQuerySchema, req);
    const trigger = triggerOfGraph(q.flowData);
    const report: ClashReport = trigger
      ? await triggerClashes(workspaceId, { id: q.flowId ?? null, name: 'This flow', platform: q.platform }, trigger)
      : { clashes: [], neverFires: null, silences: [] };
    res.json(report);
  });

  /** Saves; a publish (isActive) is compiled first, and a trigger that could never fire is refused. Answers the id and the trigger's clashes. */
  async function save(actor: AuditActor, id: string | null, raw: unknown): Promise<{ id: string; clashes: KeywordClash[] }> {
    const workspaceId = actor.workspaceId;
    const body = flowBodySchema.parse(raw);
    let plan: ExecutionPlan | null = null;
    let clashes: KeywordClash[] = [];
    if (body.isActive) {
      const result = compile(body.flowData, body.platform);
      if (!result.ok) throw new AppError('BAD_REQUEST', 'Fix the highlighted steps before starting this flow', { errors: result.errors });
      plan = result.plan;
      const report = await triggerClashes(workspaceId, { id, name: body.name, platform: body.platform }, plan.trigger);
      refuseNeverFiring(report);
      clashes = report.clashes;
    }
    const saved = await withTransaction(pool, async (client) => {
      if (id && body.expectedUpdatedAt) {
        const current = await lockFlowForSave(client, workspaceId, id);
        if (!current) throw flowNotFound();
        if (Date.parse(current) !== Date.parse(body.expectedUpdatedAt)) {
          throw new AppError('CONFLICT', 'This flow was changed in another tab or by someone else since you opened it. Reload it to see the latest version.', {
            updatedAt: current,
          });
        }
      }
      const wasActive = id ? Boolean((await lockFlowState(client, workspaceId, id))?.isActive) : false;
      const saved = await saveFlow(client, workspaceId, id, body, plan);
      if (!saved) throw flowNotFound();
      if (body.isActive !== wasActive) {
        await recordAudit(client, actor, { action: body.isActive ? 'flow.published' : 'flow.stopped', target: { type: 'flow', id: saved, label: body.name } });
      }
      return saved;
    });
    return { id: saved, clashes };
  }

  router.post('/', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    parseBody(flowBodySchema, req); // 400 with details before anything else
    const { id, clashes } = await save(currentActor(req), null, req.body);
    const body: SavedFlow = { ...(await getFlow(pool, workspaceId, id))!, clashes };
    res.status(201).json(body);
  });

  router.put('/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    parseBody(flowBodySchema, req);
    const { clashes } = await save(currentActor(req), id, req.body);
    const body: SavedFlow = { ...(await getFlow(pool, workspaceId, id))!, clashes };
    res.json(body);
  });

  router.delete('/:id', async (req, res) => {
    const { workspaceId } = currentActor(req);
    const id = idParam(req);
    const gone = await auditedDelete(
      pool,
      currentActor(req),
      (client) => lockFlowState(client, workspaceId, id),
      (client) => deleteFlow(client, workspaceId, id),
      (flow) => ({ action: 'flow.deleted', target: { type: 'flow', id, label: flow.name } }),
    );
    if (!gone) throw flowNotFound();
    res.status(204).end();
  });

  router.get('/:id/test-contacts', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    if (!(await getFlow(pool, workspaceId, idParam(req)))) throw flowNotFound();
    res.json(await listTestContacts(pool, workspaceId));
  });

  router.post('/:id/test-run', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const flowId = idParam(req);
    const { contactId } = parseBody(testRunBodySchema, req);
    // Thrown inside the transaction, as before, so a refusal rolls back.
    const runId = await withTransaction(pool, async (client) => {
      const started = await startTestRun(client, workspaceId, flowId, contactId);
      if (started === 'flow_not_found') throw flowNotFound();
      if (started === 'unpublished') throw new AppError('CONFLICT', 'Start the flow once to publish it before a test run');
      if (started === 'contact_not_found') throw new AppError('NOT_FOUND', 'Sandbox contact not found');
      if (started === 'live_run_exists') throw new AppError('CONFLICT', 'This contact is already in a live run of this flow');
      return started.runId;
    });
    res.status(201).json(await getRunSummary(pool, workspaceId, runId));
  });

  return router;
}
