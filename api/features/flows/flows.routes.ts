import type pg from 'pg';
import { z } from 'zod';
import { flowBodySchema, listRunsQuerySchema, testRunBodySchema, validateFlowBodySchema, type FlowValidation, type TestContact } from '../../../contracts/flows';
import { enqueueAdvance, startRun, type RunTrigger } from '../../../db/flows/runs';
import { notifyWorkspace } from '../../../db/pipeline/notify';
import { withTransaction } from '../../../db/transaction';
import { compile } from '../../../flow-compiler/compile';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';
import { getFlow, listFlows } from './flows.repo';
import { getRunDetail, getRunSummary, listRuns } from './runs.repo';

const flowNotFound = () => new AppError('NOT_FOUND', 'Flow not found');
const runNotFound = () => new AppError('NOT_FOUND', 'Run not found');

/**
 * Flows (docs/product-spec.md §7) and their runs (ARCHITECTURE.md#flow-runtime). Saving with isActive publishes:
 * the graph is compiled and, when its plan changed, stored as the next immutable version that new
 * runs start on. An invalid graph is refused whole (400 with every error by node); nothing is saved.
 */
export function flowsRoutes(pool: pg.Pool) {
  const router = authedRouter();

  router.get('/api/flows', async (req, res) => {
    res.json(await listFlows(pool, currentUser(req).workspaceId));
  });

  router.get('/api/flows/:id', async (req, res) => {
    const flow = await getFlow(pool, currentUser(req).workspaceId, idParam(req));
    if (!flow) throw flowNotFound();
    res.json(flow);
  });

  router.post('/api/flows/validate', (req, res) => {
    const { flowData } = parseBody(validateFlowBodySchema, req);
    const platform = z.enum(['twitter', 'instagram', 'multi']).catch('multi').parse((req.body as { platform?: unknown }).platform);
    const result = compile(flowData, platform);
    const body: FlowValidation = { valid: result.ok, errors: result.errors };
    res.json(body);
  });

  async function save(workspaceId: string, id: string | null, raw: unknown) {
    const body = flowBodySchema.parse(raw);
    let plan: unknown = null;
    if (body.isActive) {
      const result = compile(body.flowData, body.platform);
      if (!result.ok) throw new AppError('BAD_REQUEST', 'Fix the highlighted steps before starting this flow', { errors: result.errors });
      plan = result.plan;
    }
    return withTransaction(pool, async (client) => {
      let flowId = id;
      if (flowId) {
        const found = await client.query('select id from flows where workspace_id = $1 and id = $2 for update', [workspaceId, flowId]);
        if (found.rowCount === 0) throw flowNotFound();
        await client.query(
          `update flows set name = $3, description = $4, platform = $5, graph = $6, is_active = $7, updated_at = now() where workspace_id = $1 and id = $2`,
          [workspaceId, flowId, body.name, body.description, body.platform, JSON.stringify(body.flowData), body.isActive],
        );
      } else {
        const ins = await client.query<{ id: string }>(
          `insert into flows (workspace_id, name, description, platform, graph, is_active) values ($1, $2, $3, $4, $5, $6) returning id`,
          [workspaceId, body.name, body.description, body.platform, JSON.stringify(body.flowData), body.isActive],
        );
        flowId = ins.rows[0]!.id;
      }
      if (plan) {
        const latest = await client.query<{ id: string; version: number; same: boolean }>(
          'select id, version, plan = $2::jsonb as same from flow_versions where flow_id = $1 order by version desc limit 1',
          [flowId, JSON.stringify(plan)],
        );
        let versionId = latest.rows[0]?.same ? latest.rows[0].id : null;
        if (!versionId) {
          const ins = await client.query<{ id: string }>(
            `insert into flow_versions (workspace_id, flow_id, version, graph, plan) values ($1, $2, $3, $4, $5) returning id`,
            [workspaceId, flowId, (latest.rows[0]?.version ?? 0) + 1, JSON.stringify(body.flowData), JSON.stringify(plan)],
          );
          versionId = ins.rows[0]!.id;
        }
        await client.query('update flows set active_version_id = $2 where id = $1', [flowId, versionId]);
      }
      return flowId;
    });
  }

  router.post('/api/flows', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    parseBody(flowBodySchema, req); // 400 with details before anything else
    const id = await save(workspaceId, null, req.body);
    res.status(201).json(await getFlow(pool, workspaceId, id));
  });

  router.put('/api/flows/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    parseBody(flowBodySchema, req);
    await save(workspaceId, id, req.body);
    res.json(await getFlow(pool, workspaceId, id));
  });

  router.delete('/api/flows/:id', async (req, res) => {
    const { rowCount } = await pool.query('delete from flows where workspace_id = $1 and id = $2', [currentUser(req).workspaceId, idParam(req)]);
    if (!rowCount) throw flowNotFound();
    res.status(204).end();
  });

  router.get('/api/flows/:id/test-contacts', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    if (!(await getFlow(pool, workspaceId, idParam(req)))) throw flowNotFound();
    const { rows } = await pool.query(
      `select c.id, c.name, c.username, c.account_id, a.platform from contacts c
       join social_accounts a on a.id = c.account_id and a.provider = 'sandbox'
       where c.workspace_id = $1 order by c.created_at desc limit 100`,
      [workspaceId],
    );
    const contacts: TestContact[] = z
      .array(z.object({ id: z.string(), name: z.string(), username: z.string().nullable(), account_id: z.string(), platform: z.enum(['instagram', 'facebook', 'twitter']) }))
      .parse(rows)
      .map((c) => ({ id: c.id, name: c.name, username: c.username, accountId: c.account_id, platform: c.platform }));
    res.json(contacts);
  });

  router.post('/api/flows/:id/test-run', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const flowId = idParam(req);
    const { contactId } = parseBody(testRunBodySchema, req);
    const runId = await withTransaction(pool, async (client) => {
      const flow = await client.query<{ version_id: string | null }>(
        `select coalesce(f.active_version_id, (select id from flow_versions v where v.flow_id = f.id order by version desc limit 1)) as version_id
         from flows f where f.workspace_id = $1 and f.id = $2`,
        [workspaceId, flowId],
      );
      if (!flow.rows[0]) throw flowNotFound();
      const versionId = flow.rows[0].version_id;
      if (!versionId) throw new AppError('CONFLICT', 'Start the flow once to publish it before a test run');
      const contact = await client.query<{ account_id: string }>(
        `select c.account_id from contacts c join social_accounts a on a.id = c.account_id and a.provider = 'sandbox'
         where c.workspace_id = $1 and c.id = $2`,
        [workspaceId, contactId],
      );
      if (!contact.rows[0]) throw new AppError('NOT_FOUND', 'Sandbox contact not found');
      const id = await startRun(client, {
        workspaceId,
        flowId,
        versionId,
        accountId: contact.rows[0].account_id,
        contactId,
        trigger: { type: 'test', text: null },
      });
      if (!id) throw new AppError('CONFLICT', 'This contact is already in a live run of this flow');
      return id;
    });
    res.status(201).json(await getRunSummary(pool, workspaceId, runId));
  });

  // ---- runs ----

  router.get('/api/runs', async (req, res) => {
    res.json(await listRuns(pool, currentUser(req).workspaceId, parseQuery(listRunsQuerySchema, req)));
  });

  router.get('/api/runs/:id', async (req, res) => {
    const run = await getRunDetail(pool, currentUser(req).workspaceId, idParam(req));
    if (!run) throw runNotFound();
    res.json(run);
  });

  /** Retry from the failed step: that node runs again as a new step, and the run goes on from there. */
  router.post('/api/runs/:id/retry', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    await withTransaction(pool, async (client) => {
      const run = await client.query<{ status: string; flow_id: string; node_id: string | null }>(
        `select r.status, r.flow_id,
                (select s.node_id from run_steps s where s.run_id = r.id and s.status = 'failed' order by s.seq desc limit 1) as node_id
         from flow_runs r where r.workspace_id = $1 and r.id = $2 for update`,
        [workspaceId, id],
      );
      const row = run.rows[0];
      if (!row) throw runNotFound();
      if (row.status !== 'failed' || !row.node_id) throw new AppError('CONFLICT', 'Only a failed run can be retried from its failed step');
      try {
        await client.query(
          `update flow_runs set status = 'running', error = null, finished_at = null, status_detail = 'Retrying from the failed step',
             pending_input = jsonb_build_object('type', 'retryFrom', 'nodeId', $2::text), updated_at = now() where id = $1`,
          [id, row.node_id],
        );
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'This contact is already in a live run of this flow');
        throw err;
      }
      await enqueueAdvance(client, [id]);
      await notifyWorkspace(client, workspaceId, { type: 'run.updated', runId: id, flowId: row.flow_id, status: 'running' });
    });
    res.json(await getRunSummary(pool, workspaceId, id));
  });

  /** Replay from the start on the flow's latest version: a new run for the same contact and trigger. */
  router.post('/api/runs/:id/replay', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const newId = await withTransaction(pool, async (client) => {
      const found = await client.query<{ flow_id: string; account_id: string; contact_id: string; trigger: Record<string, unknown>; status: string; version_id: string | null }>(
        `select r.flow_id, r.account_id, r.contact_id, r.trigger, r.status,
                coalesce(f.active_version_id, (select v.id from flow_versions v where v.flow_id = f.id order by v.version desc limit 1)) as version_id
         from flow_runs r join flows f on f.id = r.flow_id
         where r.workspace_id = $1 and r.id = $2 for update of r`,
        [workspaceId, id],
      );
      const run = found.rows[0];
      if (!run) throw runNotFound();
      if (['running', 'waiting', 'sleeping'].includes(run.status)) await cancel(client, workspaceId, id, run.flow_id, 'Replaced by a replay');
      const started = await startRun(client, {
        workspaceId,
        flowId: run.flow_id,
        versionId: run.version_id!,
        accountId: run.account_id,
        contactId: run.contact_id,
        trigger: { ...(run.trigger as unknown as RunTrigger), replayOf: id },
      });
      if (!started) throw new AppError('CONFLICT', 'This contact is already in a live run of this flow');
      return started;
    });
    res.status(201).json(await getRunSummary(pool, workspaceId, newId));
  });

  router.post('/api/runs/:id/cancel', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    await withTransaction(pool, async (client) => {
      const found = await client.query<{ status: string; flow_id: string }>('select status, flow_id from flow_runs where workspace_id = $1 and id = $2 for update', [
        workspaceId,
        id,
      ]);
      const run = found.rows[0];
      if (!run) throw runNotFound();
      if (!['running', 'waiting', 'sleeping'].includes(run.status)) throw new AppError('CONFLICT', `The run is already ${run.status}`);
      await cancel(client, workspaceId, id, run.flow_id, 'Cancelled by an operator');
    });
    res.json(await getRunSummary(pool, workspaceId, id));
  });

  return router;
}

async function cancel(client: pg.PoolClient, workspaceId: string, runId: string, flowId: string, why: string) {
  await client.query(
    `update flow_runs set status = 'cancelled', status_detail = $2, pending_input = null, resume_at = null, finished_at = now(), updated_at = now() where id = $1`,
    [runId, why],
  );
  await client.query('delete from run_timers where run_id = $1', [runId]);
  await client.query(`update run_steps set status = 'skipped', finished_at = now() where run_id = $1 and status in ('running', 'waiting', 'sleeping')`, [runId]);
  await notifyWorkspace(client, workspaceId, { type: 'run.updated', runId, flowId, status: 'cancelled' });
}
