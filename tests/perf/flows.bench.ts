import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import pino from 'pino';
import type pg from 'pg';
import { platformDepsFromConfig } from '../../activities/platform-deps';
import { loadConfig } from '../../config/config';
import type { FlowGraph } from '../../contracts/flows';
import { enqueueAdvance } from '../../db/flows/runs';
import { compile } from '../../flow-compiler/compile';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { startWorker } from '../../workers/worker';
import { edge, keywordTrigger, node } from '../support/flows';
import { benchDatabase, machine, percentile, printStatements, resetStatements, writeResult } from './bench-kit';
import { costProbe } from './bench-probes';
import { sleepersAndTimers } from './flows-sleepers';

/**
 * `npm run bench -- flows` (targets in ADR 0007). In-process worker (so its heap can be measured) on a real
 * PostgreSQL with default durability, same 2-core machine.
 *  A. throughput: trigger → condition → sandbox DM → delay 0 → complete, 10,000 runs kept active
 *     for 60 s; durable steps/s (rows in run_steps) and step-to-step lag.
 *  B. 1,000,000 runs sleeping in a 1-hour delay: worker heap growth, PostgreSQL bytes per run.
 *  C. 100,000 of those timers moved to fall due in the same second: time until all resumed, no step
 *     twice (tests/perf/flows-sleepers.ts, which says how the sleepers are seeded).
 * Knobs: BENCH_WINDOW_S (60), BENCH_SLEEPERS (1,000,000), BENCH_DUE_TOGETHER (a tenth of the
 * sleepers), BENCH_REAL_SLEEPERS (10,000 put to sleep by the runtime, the rest copies of their rows),
 * BENCH_CONCURRENCY (16); BENCH_PHASES=A runs part A only, BENCH_PHASES=C parts B and C only (with
 * BENCH_SLEEPERS=100000, parts B and C in ~2 min), and
 * neither writes a results file (quick comparisons); BENCH_PG_STAT=1 loads pg_stat_statements and
 * prints the statements of part A's window and of part C by total time; BENCH_ROLLUP=legacy
 * puts back the analytics rollups as they were before migration 0024 (SQL functions, immediate
 * triggers) and BENCH_ROLLUP=off disables them, to compare on the same machine back to back.
 */
const ACTIVE = 10_000;
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 60);
const SLEEPERS = Number(process.env.BENCH_SLEEPERS ?? 1_000_000);
const DUE_TOGETHER = Number(process.env.BENCH_DUE_TOGETHER ?? Math.round(SLEEPERS / 10));
const REAL_SLEEPERS = Number(process.env.BENCH_REAL_SLEEPERS ?? 10_000);
const ACCOUNTS = 50;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ONLY_A = process.env.BENCH_PHASES === 'A';
const ONLY_C = process.env.BENCH_PHASES === 'C';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const heapMiB = () => {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const one = async <T>(pool: pg.Pool, sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows[0] as T;

async function seedFlow(pool: pg.Pool, workspaceId: string, name: string, graph: FlowGraph): Promise<{ flowId: string; versionId: string }> {
  const compiled = compile(graph);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  const f = await one<{ id: string }>(pool, `insert into flows (workspace_id, name, graph, is_active) values ($1, $2, $3, true) returning id`, [
    workspaceId,
    name,
    JSON.stringify(graph),
  ]);
  const v = await one<{ id: string }>(pool, `insert into flow_versions (workspace_id, flow_id, version, graph, plan) values ($1, $2, 1, $3, $4) returning id`, [
    workspaceId,
    f.id,
    JSON.stringify(graph),
    JSON.stringify(compiled.plan),
  ]);
  await pool.query('update flows set active_version_id = $2 where id = $1', [f.id, v.id]);
  return { flowId: f.id, versionId: v.id };
}

/** Inserts runs in state "start" for contacts [from, from+count) and enqueues their jobs as the trigger path does (enqueueAdvance). */
async function startRuns(pool: pg.Pool, workspaceId: string, flow: { flowId: string; versionId: string }, from: number, count: number, contactPrefix = 'c') {
  const { rows } = await pool.query<{ id: string }>(
    `with c as (
       select id, account_id from contacts where workspace_id = $1 and external_user_id = any(
         select $6 || g from generate_series($4::int, $4::int + $5::int - 1) g)
     )
     insert into flow_runs (workspace_id, flow_id, version_id, account_id, contact_id, status, state, pending_input, trigger)
     select $1, $2, $3, c.account_id, c.id, 'running', '{"v":1,"seq":0,"awaiting":null,"done":false}', '{"type":"start"}',
            '{"type":"keyword_dm","text":"go"}'
     from c
     on conflict (flow_id, contact_id) where status in ('running', 'waiting', 'sleeping') do nothing
     returning id`,
    [workspaceId, flow.flowId, flow.versionId, from, count, contactPrefix],
  );
  await enqueueAdvance(
    pool,
    rows.map((r) => r.id),
  );
}

async function main() {
  const { pool, stop } = await benchDatabase();
  if (process.env.BENCH_ROLLUP === 'legacy') {
    // Before migration 0024: LANGUAGE sql rollup functions (0016/0021) and immediate row triggers.
    const chunks = (f: string) => readFileSync(new URL(`../../db/migrations/${f}`, import.meta.url), 'utf8').split('--> statement-breakpoint');
    const fns = [
      ...chunks('0016_analytics.sql').filter((c) => c.includes('FUNCTION analytics_account_platform(')),
      ...chunks('0021_analytics_shards.sql').filter((c) => /FUNCTION analytics_(flow_)?add\(/.test(c)),
    ];
    if (fns.length !== 3) throw new Error('legacy rollup functions not found');
    for (const f of fns) await pool.query(f.replace(/^(\s*(--[^\n]*)?\n)*\s*CREATE FUNCTION/, 'CREATE OR REPLACE FUNCTION'));
    for (const [t, g, ev, fn] of [
      ['messages', 'analytics_messages', 'insert', 'analytics_on_message'],
      ['outbound_ledger', 'analytics_ledger', 'insert or update of status', 'analytics_on_ledger'],
      ['flow_runs', 'analytics_runs', 'insert or update of status', 'analytics_on_run'],
    ])
      await pool.query(`drop trigger ${g} on ${t}; create trigger ${g} after ${ev} on ${t} for each row execute function ${fn}()`);
  }
  if (process.env.BENCH_ROLLUP === 'off')
    for (const [t, g] of [
      ['messages', 'analytics_messages'],
      ['outbound_ledger', 'analytics_ledger'],
      ['flow_runs', 'analytics_runs'],
    ])
      await pool.query(`alter table ${t} disable trigger ${g}`);
  const log = pino({ level: 'warn' });
  const ws = await one<{ id: string }>(pool, `insert into workspaces (name) values ('bench') returning id`);
  await pool.query(
    `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name)
     select $1, 'instagram', 'sandbox', 'bench-ig-' || g, 'bench' || g, 'Bench ' || g from generate_series(1, $2::int) g`,
    [ws.id, ACCOUNTS],
  );
  const contactCount = (ONLY_A ? 0 : SLEEPERS) + 60_000;
  await pool.query(
    `insert into contacts (workspace_id, account_id, external_user_id, name, username, last_inbound_at)
     select $1, a.ids[(g % $2::int) + 1], 'c' || g, 'Contact ' || g, 'c' || g, now()
     from generate_series(0, $3::int - 1) g, (select array_agg(id order by external_id) ids from social_accounts where workspace_id = $1) a`,
    [ws.id, ACCOUNTS, contactCount],
  );
  // A second, quiet workspace: one new run every 500 ms while the first keeps 10,000 active (fairness).
  const quiet = await one<{ id: string }>(pool, `insert into workspaces (name) values ('quiet') returning id`);
  await pool.query(
    `with a as (insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name)
                values ($1, 'instagram', 'sandbox', 'quiet-ig', 'quiet', 'Quiet') returning id)
     insert into contacts (workspace_id, account_id, external_user_id, name, username, last_inbound_at)
     select $1, a.id, 'q' || g, 'Quiet ' || g, 'q' || g, now() from generate_series(0, 999) g, a`,
    [quiet.id],
  );
  await pool.query('vacuum analyze');
  const info = await machine(pool);
  console.log('machine', info);

  const worker = await startWorker({
    pool,
    concurrency: CONCURRENCY,
    log,
    config: {
      privateRepliesPerHour: 750,
      workerStaleAfterMs: 60_000,
      accountHealthIntervalMinutes: 0,
      reconcile: { everyMinutes: 0, readsPerHour: 600 },
      demo: { ttlHours: 24 },
      flows: { retryBaseMs: 1000, maxAttempts: 5, webhookTimeoutMs: 10_000, webhookAllowLoopback: false, webhookLanes: 4, timerPumpIntervalMs: 250 },
    },
    // Sandbox accounts only: no platform is ever called.
    platform: platformDepsFromConfig(loadConfig({ NODE_ENV: 'test' }), createTokenCipher('0'.repeat(64))),
  });
  const heapAtStart = heapMiB();

  const throughput = ONLY_C ? null : await partA();
  if (ONLY_A) {
    console.log('BENCH_PHASES=A: parts B and C skipped, no results file written');
    await worker.stop();
    await stop();
    return;
  }
  async function partA() {
    // ---- A. throughput with 10,000 active runs ----
    const throughputFlow = await seedFlow(pool, ws.id, 'throughput', {
      nodes: [
        keywordTrigger(['go']),
        node('2', 'condition', { rules: [{ subject: 'lastMessage', operator: 'contains', value: 'go' }] }),
        node('3', 'instagramDM', { text: 'Hi {first_name}, here you go' }),
        node('4', 'delay', { amount: 0, unit: 'seconds' }),
        node('5', 'complete'),
      ],
      edges: [edge('1', '2'), edge('2', '3', 'yes'), edge('2', '3', 'no'), edge('3', '4'), edge('4', '5')],
    });
    const quietFlow = await seedFlow(pool, quiet.id, 'quiet', {
      nodes: [keywordTrigger(['go']), node('2', 'instagramDM', { text: 'Hi {first_name}' }), node('3', 'complete')],
      edges: [edge('1', '2'), edge('2', '3')],
    });
    let next = 0;
    const feed = async () => {
      const { n } = await one<{ n: number }>(pool, `select count(*)::int n from flow_runs where status in ('running', 'sleeping', 'waiting')`);
      if (n < ACTIVE) {
        const add = ACTIVE - n;
        await startRuns(pool, ws.id, throughputFlow, next % 60_000, add);
        next += add;
      }
      return n;
    };
    await feed();
    let feeding = true;
    const activeSamples: number[] = [];
    const feeder = (async () => {
      while (feeding) {
        activeSamples.push(await feed());
        await sleep(250);
      }
    })();
    let quietNext = 0;
    const quietFeeder = (async () => {
      while (feeding) {
        await startRuns(pool, quiet.id, quietFlow, quietNext++ % 1000, 1, 'q');
        await sleep(500);
      }
    })();
    await sleep(5000); // warm-up
    const probe = await costProbe(pool);
    await resetStatements(pool);
    const t0 = Date.now();
    const cost0 = probe.mark();
    const steps0 = (await one<{ n: number }>(pool, 'select count(*)::int n from run_steps')).n;
    const mark0 = (await one<{ t: Date }>(pool, 'select clock_timestamp() t')).t;
    const perSecond: number[] = [];
    let last = steps0;
    for (let s = 0; s < WINDOW_S; s++) {
      await sleep(1000);
      const { n } = await one<{ n: number }>(pool, 'select count(*)::int n from run_steps');
      perSecond.push(n - last);
      last = n;
      if (s % 10 === 9) console.log(`  ${s + 1}s: ${Math.round((n - steps0) / ((Date.now() - t0) / 1000))} steps/s`);
    }
    const elapsed = (Date.now() - t0) / 1000;
    const steps = last - steps0;
    const costPerStep = probe.per(cost0, probe.mark(), steps);
    await printStatements(pool, steps, 'part A window, per step');
    feeding = false;
    await feeder;
    await quietFeeder;
    const lags = await pool.query<{ lag_ms: number }>(
      `select extract(epoch from (started_at - lag(finished_at) over w)) * 1000 as lag_ms
     from run_steps where started_at >= $1 window w as (partition by run_id order by seq)`,
      [mark0],
    );
    const lagMs = lags.rows
      .map((r) => Number(r.lag_ms))
      .filter((x) => Number.isFinite(x))
      .sort((a, b) => a - b);
    const firstStepWaits = async (workspaceId: string) =>
      (
        await pool.query<{ ms: number }>(
          `select extract(epoch from (s.started_at - r.started_at)) * 1000 as ms
         from flow_runs r join run_steps s on s.run_id = r.id and s.seq = 1 where s.started_at >= $1 and r.workspace_id = $2`,
          [mark0, workspaceId],
        )
      ).rows
        .map((r) => Number(r.ms))
        .sort((a, b) => a - b);
    const waitMs = await firstStepWaits(ws.id);
    const quietWaitMs = await firstStepWaits(quiet.id);
    const dupSteps = (await one<{ n: number }>(pool, 'select count(*)::int n from (select run_id, node_id from run_steps group by 1, 2 having count(*) > 1) x'))
      .n;
    const throughput = {
      flow: 'trigger → condition → sandbox DM → delay 0 → complete (5 durable steps per run)',
      activeRunsTarget: ACTIVE,
      activeRunsSampled: { min: Math.min(...activeSamples), max: Math.max(...activeSamples) },
      windowSeconds: Math.round(elapsed),
      steps,
      stepsPerSecond: Math.round(steps / elapsed),
      worstSecond: Math.min(...perSecond),
      bestSecond: Math.max(...perSecond),
      // CPU of this process (worker + load generator) and of PostgreSQL, and statements sent, per durable step.
      costPerStep,
      stepToStepLagMs: {
        p50: round(percentile(lagMs, 50)),
        p95: round(percentile(lagMs, 95)),
        p99: round(percentile(lagMs, 99)),
        max: round(lagMs.at(-1) ?? NaN),
      },
      // The busy workspace's new runs wait behind its own 10,000 runnable runs...
      queueWaitBeforeFirstStepMs: { p50: Math.round(percentile(waitMs, 50)), p95: Math.round(percentile(waitMs, 95)) },
      // ...while a quiet workspace's new runs go ahead of that backlog (db/flows/runs.ts, ADR 0013).
      quietWorkspaceFirstStepWaitMs: {
        runs: quietWaitMs.length,
        p50: Math.round(percentile(quietWaitMs, 50)),
        p95: Math.round(percentile(quietWaitMs, 95)),
        max: Math.round(quietWaitMs.at(-1) ?? NaN),
      },
      runsCompletedTotal: (await one<{ n: number }>(pool, `select count(*)::int n from flow_runs where status = 'completed'`)).n,
      duplicateSteps: dupSteps,
    };
    console.log('A', throughput);
    if (ONLY_A) return throughput;
    // Let the in-flight runs drain before part B.
    while ((await one<{ n: number }>(pool, `select count(*)::int n from flow_runs where status in ('running', 'sleeping')`)).n > 0) await sleep(500);
    await pool.query('truncate flow_runs cascade');
    await pool.query('delete from outbound_ledger');
    return throughput;
  }

  // ---- B and C (tests/perf/flows-sleepers.ts) ----
  const { sleeping, timers } = await sleepersAndTimers({
    pool,
    workspaceId: ws.id,
    sleepers: SLEEPERS,
    real: REAL_SLEEPERS,
    dueTogether: DUE_TOGETHER,
    heapMiB,
    seedFlow: (name, graph) => seedFlow(pool, ws.id, name, graph),
    startRuns: (flow, from, count) => startRuns(pool, ws.id, flow, from, count),
  });
  console.log(`worker heap at its start: ${round(heapAtStart)} MiB`);

  await worker.stop();
  await stop();
  if (ONLY_C) {
    console.log('BENCH_PHASES=C: part A skipped, no results file written');
    return;
  }
  await writeResult('flows', {
    when: new Date().toISOString(),
    machine: info,
    setup: {
      workerConcurrency: CONCURRENCY,
      sandboxAccounts: ACCOUNTS,
      postgres: 'embedded, default durability (fsync on, synchronous_commit on), same machine',
    },
    targets: {
      stepsPerSecond: '>= 500 for 60 s with 10,000 runs active',
      heapGrowthMiB: '<= 20 with 1,000,000 runs asleep',
      bytesPerSleepingRun: '<= 1300 after VACUUM',
      dueTogetherResumeSeconds: '<= 10 for 100,000 due in the same second, no step twice',
    },
    throughput,
    workerHeapAtStartMiB: round(heapAtStart),
    sleeping,
    timers,
  });
}

/** pg_stat_statements since its last reset, by total time; `per` divides the calls (per step, per resumed run). */
function round(x: number) {
  return Math.round(x * 10) / 10;
}

await main();
process.exit(0);
