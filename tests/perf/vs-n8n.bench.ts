import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { startMetaGraphFake, metaJson, metaSignature, type FakePage } from '../fakes/meta-graph.fake';
import { igCommentsWebhook, messagingWebhook } from '../fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node } from '../support/flows';
import { benchDatabase, freePort, machine, percentile, printStatements, resetStatements, signIn, spawnServer, timeRequests, writeResult } from './bench-kit';

/**
 * `npm run bench -- vs-n8n [--duration 60] [--concurrency 32] [--drain 900] [--only ours|n8n|flow|rule]`
 *
 * The same closed-loop load generator (`concurrency` requests in flight for `duration` seconds, then
 * a drain until every acknowledged request completed, up to `drain` seconds) against:
 *  - n8n 1.123.x (installed on demand into ~/.cache/replypilot-bench/n8n, outside our dependencies),
 *    on the same embedded PostgreSQL (its own database): Webhook → IF text contains "link" →
 *    HTTP Request POST to a local sink;
 *  - Replypilot, flow: signed Meta DM webhook → ingest (committed before the ack) → inbound.process
 *    → keyword flow → webhook step POST to the same sink;
 *  - Replypilot, comment rule: signed Meta comment webhook → ingest → inbound.process → rule →
 *    outbound.send → private reply at the Graph fake (0 ms latency here).
 * `--only flow` (`--only rule`) runs the Replypilot flow (comment rule) half alone; BENCH_PROGRESS=1 prints where its backlog is every
 * 10 s of the drain; BENCH_PG_STAT=1 loads pg_stat_statements and
 * prints, per engine, the statements of its run (load + drain) by total time and their calls per execution.
 * Completed = arrived at the sink (n8n, flow) or at the fake (rule). CPU is the server process
 * tree's (user + system from /proc) and, separately, PostgreSQL's, per completed execution.
 * The machine is shared: the load average is recorded at start and end of each run.
 */
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const DURATION_S = Number(arg('duration', process.env.BENCH_SECONDS ?? '60'));
const CONCURRENCY = Number(arg('concurrency', '32'));
const ONLY = arg('only', 'all');
// Completed executions per second counts the drain: an engine that acknowledges faster than it
// executes is measured by when its backlog is done, not by its acks. The cap only stops a stuck run.
const DRAIN_S = Number(arg('drain', '900'));
const N8N_VERSION = '1.123';
const N8N_DIR = path.join(os.homedir(), '.cache', 'replypilot-bench', 'n8n');
const ACCOUNTS = 3000; // 10 private replies each fit in the per-account burst: no pacing delay in the rule run
const ENCRYPTION_KEY = 'a'.repeat(64);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number) => Number(n.toFixed(2));
const load = () => os.loadavg().map((l) => round(l));

// ---------- /proc helpers: CPU and RSS of a process tree ----------
function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
function tree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...children(out[i]!));
  return out;
}
/**
 * CPU of a process tree: each live process's own time (utime + stime) plus that of its children
 * that exited and were reaped (cutime + cstime). Without the latter, PostgreSQL's figure fell when
 * backends of the run's connections exited (the postmaster reaps them), and could go negative.
 */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // exited
    }
  }
  return ticks / 100;
}
function rssMiB(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // exited
    }
  }
  return kb / 1024;
}
/** The embedded PostgreSQL's processes: the postmaster started with our port, and its children. */
function postgresPids(port: string): number[] {
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  for (const p of pids) {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      if (cmd.includes('postgres') && cmd.includes(`port=${port}\u0000`)) return tree(Number(p));
    } catch {
      // gone
    }
  }
  return [];
}

// ---------- the sink both engines POST to ----------
interface Arrival {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}
async function startSink() {
  const arrivals: Arrival[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      arrivals.push({ at: Date.now(), headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sink`,
    arrivals,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

// ---------- the load generator ----------
interface HookRequest {
  id: string;
  raw: string;
  headers: Record<string, string>;
}
/** `concurrency` loops, each POSTing its next request as soon as the previous one is answered (timeRequests). */
async function drive(url: string, concurrency: number, seconds: number, next: (i: number) => HookRequest) {
  const started = new Map<string, number>();
  const run = await timeRequests(
    async (i) => {
      const req = next(i);
      started.set(req.id, Date.now());
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...req.headers }, body: req.raw });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    },
    { seconds, concurrency, tolerateFailures: true },
  );
  return { ...run, started };
}

interface Measured {
  engine: string;
  durationS: number;
  concurrency: number;
  sent: number;
  acked: number;
  webhookFailed: number;
  firstWebhookFailure: string | null;
  completed: number;
  lost: number;
  failedExecutions: number;
  stuck: number;
  ackedPerSecond: number;
  completedPerSecond: number;
  ackMs: { p50: number; p99: number };
  endToEndMs: { p50: number; p99: number };
  serverCpuMsPerExecution: number;
  postgresCpuMsPerExecution: number;
  peakServerRssMiB: number;
  drainS: number;
  loadAverage: { before: number[]; after: number[] };
  notes: string;
}

/** Runs the load, then waits (≤ `DRAIN_S`) until every acked request completed; measures around both. */
async function measure(opts: {
  engine: string;
  serverPid: number;
  pgDir: string;
  url: string;
  next: (i: number) => HookRequest;
  completions: () => Map<string, number>;
  outcome: (acked: Set<string>) => Promise<{ failed: number; stuck: number }>;
  notes: string;
  progress?: () => Promise<string>;
}): Promise<Measured> {
  const before = load();
  await resetStatements(pool);
  const serverCpu0 = cpuSeconds(tree(opts.serverPid));
  const pgCpu0 = cpuSeconds(postgresPids(opts.pgDir));
  let peak = 0;
  const rss = setInterval(() => (peak = Math.max(peak, rssMiB(tree(opts.serverPid)))), 500);
  const res = await drive(opts.url, CONCURRENCY, DURATION_S, opts.next);
  const drainStart = performance.now();
  const deadline = Date.now() + DRAIN_S * 1000;
  const acked = res.samples.length;
  let lastProgress = 0;
  while (opts.completions().size < acked && Date.now() < deadline) {
    await sleep(250);
    // Where the backlog is, every 10 s of the drain (the engine's own stages: BENCH_PROGRESS=1).
    if (opts.progress && Date.now() - lastProgress > 10_000) {
      lastProgress = Date.now();
      console.log(`  drain ${Math.round((performance.now() - drainStart) / 1000)} s: ${opts.completions().size}/${acked} done; ${await opts.progress()}`);
    }
  }
  const drainS = (performance.now() - drainStart) / 1000;
  await sleep(500);
  clearInterval(rss);
  const done = opts.completions();
  const serverCpu = cpuSeconds(tree(opts.serverPid)) - serverCpu0;
  const pgCpu = cpuSeconds(postgresPids(opts.pgDir)) - pgCpu0;
  const e2e = [...done.entries()].flatMap(([id, at]) => (res.started.has(id) ? [at - res.started.get(id)!] : [])).sort((a, b) => a - b);
  const ackedIds = new Set([...res.started.keys()]);
  const { failed, stuck } = await opts.outcome(ackedIds);
  const completed = Math.min(done.size, acked);
  await printStatements(pool, completed);
  const m: Measured = {
    engine: opts.engine,
    durationS: round(res.seconds),
    concurrency: CONCURRENCY,
    sent: res.sent,
    acked,
    webhookFailed: res.failed,
    firstWebhookFailure: res.firstFailure,
    completed,
    lost: Math.max(0, acked - done.size - failed - stuck),
    failedExecutions: failed,
    stuck,
    ackedPerSecond: round(acked / res.seconds),
    completedPerSecond: round(completed / (res.seconds + drainS)),
    ackMs: { p50: round(percentile(res.ms, 50)), p99: round(percentile(res.ms, 99)) },
    endToEndMs: { p50: round(percentile(e2e, 50)), p99: round(percentile(e2e, 99)) },
    serverCpuMsPerExecution: round((serverCpu * 1000) / Math.max(1, completed)),
    postgresCpuMsPerExecution: round((pgCpu * 1000) / Math.max(1, completed)),
    peakServerRssMiB: Math.round(peak),
    drainS: round(drainS),
    loadAverage: { before, after: load() },
    notes: opts.notes,
  };
  console.log(JSON.stringify(m, null, 2));
  return m;
}

/** Where a flow bench's backlog is: unprocessed inbound events, runs by status, queued jobs by task. */
async function flowProgress(pool: pg.Pool, flowId: string): Promise<string> {
  const ev = await pool.query<{ n: string }>('select count(*) as n from inbound_events where processed_at is null');
  const runs = await pool.query<{ status: string; n: string }>('select status, count(*) as n from flow_runs where flow_id = $1 group by status', [flowId]);
  const jobs = await pool.query<{ task: string; locked: boolean; n: string }>(
    'select task_identifier as task, locked_at is not null as locked, count(*) as n from graphile_worker.jobs group by 1, 2 order by 1, 2',
  );
  return `inbound ${ev.rows[0]!.n}; runs ${runs.rows.map((r) => `${r.status} ${r.n}`).join(', ')}; jobs ${jobs.rows.map((j) => `${j.task}${j.locked ? ' (running)' : ''} ${j.n}`).join(', ')}`;
}

// ---------- n8n ----------
/** Installs n8n 1.123.x into the cache folder once (Node 20 needs the two overrides). */
function ensureN8n(): string {
  const bin = path.join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n');
  const pkg = path.join(N8N_DIR, 'node_modules', 'n8n', 'package.json');
  if (existsSync(bin) && existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version.startsWith(`${N8N_VERSION}.`)) return bin;
  mkdirSync(N8N_DIR, { recursive: true });
  writeFileSync(
    path.join(N8N_DIR, 'package.json'),
    `${JSON.stringify(
      {
        name: 'replypilot-bench-n8n',
        private: true,
        dependencies: { n8n: `~${N8N_VERSION}.0` },
        overrides: { xlsx: '0.18.5', 'isolated-vm': '5.0.4' },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`installing n8n ${N8N_VERSION}.x into ${N8N_DIR} (large, once)…`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: N8N_DIR, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(bin)) throw new Error(`n8n install failed (exit ${r.status}); see ${N8N_DIR}`);
  return bin;
}

function n8nWorkflow(sinkUrl: string) {
  const text = '$json.body.entry[0].messaging[0].message.text';
  return {
    id: 'rpBenchFlow0001',
    name: 'Replypilot bench: keyword to sink',
    active: false,
    settings: { executionOrder: 'v1' },
    connections: {
      Webhook: { main: [[{ node: 'If', type: 'main', index: 0 }]] },
      If: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }], []] },
    },
    nodes: [
      {
        id: '0f5532f9-36ba-4bef-86c7-30d607400b15',
        name: 'Webhook',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        webhookId: '6d7c55c0-2f70-4e34-9d8f-1d2b3c4d5e6f',
        parameters: { httpMethod: 'POST', path: 'meta', responseMode: 'onReceived', options: {} },
      },
      {
        id: '1a2b3c4d-0000-4000-8000-000000000002',
        name: 'If',
        type: 'n8n-nodes-base.if',
        typeVersion: 2,
        position: [220, 0],
        parameters: {
          conditions: {
            options: { caseSensitive: false, leftValue: '', typeValidation: 'loose' },
            conditions: [
              {
                id: 'c1',
                leftValue: `={{ ${text} }}`,
                rightValue: 'link',
                operator: { type: 'string', operation: 'contains' },
              },
            ],
            combinator: 'and',
          },
          options: { ignoreCase: true },
        },
      },
      {
        id: '1a2b3c4d-0000-4000-8000-000000000003',
        name: 'HTTP Request',
        type: 'n8n-nodes-base.httpRequest',
        typeVersion: 4.2,
        position: [440, 0],
        parameters: {
          method: 'POST',
          url: sinkUrl,
          sendBody: true,
          specifyBody: 'json',
          jsonBody: '={{ JSON.stringify({ id: $json.body.entry[0].messaging[0].message.mid, text: $json.body.entry[0].messaging[0].message.text }) }}',
          options: {},
        },
      },
    ],
  };
}

async function runN8n(dbUrl: string, pgDir: string, pool: pg.Pool, sinkUrl: string, sink: Arrival[], hookPayload: (i: number) => HookRequest) {
  const bin = ensureN8n();
  await pool.query('create database n8n');
  const u = new URL(dbUrl);
  const port = await freePort();
  const userFolder = path.join(os.tmpdir(), `replypilot-bench-n8n-${process.pid}`);
  mkdirSync(userFolder, { recursive: true });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DB_TYPE: 'postgresdb',
    // The embedded server's Unix socket directory (percent-encoded in the URL), as ours connects: same transport for both.
    DB_POSTGRESDB_HOST: decodeURIComponent(u.hostname),
    DB_POSTGRESDB_PORT: u.port,
    DB_POSTGRESDB_DATABASE: 'n8n',
    DB_POSTGRESDB_USER: decodeURIComponent(u.username),
    DB_POSTGRESDB_PASSWORD: decodeURIComponent(u.password),
    N8N_PORT: String(port),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_USER_FOLDER: userFolder,
    N8N_ENCRYPTION_KEY: 'b'.repeat(32),
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    N8N_SECURE_COOKIE: 'false',
    N8N_LOG_LEVEL: 'warn',
    N8N_RUNNERS_ENABLED: 'false',
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
    N8N_BLOCK_ENV_ACCESS_IN_NODE: 'true',
    EXECUTIONS_MODE: 'regular',
    // Keep every execution, like Replypilot keeps every run and event (n8n's default too).
    EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
    EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
    EXECUTIONS_DATA_PRUNE: 'false',
    NODE_ENV: 'production',
  };
  const wfFile = path.join(userFolder, 'workflow.json');
  writeFileSync(wfFile, JSON.stringify(n8nWorkflow(sinkUrl)));
  const imp = spawnSync(process.execPath, [bin, 'import:workflow', `--input=${wfFile}`], { env, encoding: 'utf8' });
  if (imp.status !== 0) throw new Error(`n8n import:workflow failed: ${imp.stdout}\n${imp.stderr}`);
  // Activating in 1.123 means `active` and `activeVersionId` (the published version in workflow_history).
  const n8nPool = new pg.Pool({ connectionString: dbUrl.replace(/\/[^/]*$/, '/n8n'), max: 2 });
  try {
    const cols = (
      await n8nPool.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'workflow_entity'")
    ).rows.map((r) => r.column_name);
    if (cols.includes('activeVersionId')) {
      const wf = (await n8nPool.query<{ versionId: string }>(`select "versionId" from workflow_entity where id = $1`, ['rpBenchFlow0001'])).rows[0];
      if (!wf) throw new Error('n8n: imported workflow not found');
      const hist = await n8nPool.query(`select 1 from workflow_history where "versionId" = $1`, [wf.versionId]);
      if (hist.rowCount === 0) {
        const w = n8nWorkflow(sinkUrl);
        await n8nPool.query(
          `insert into workflow_history ("versionId", "workflowId", nodes, connections, authors, "createdAt", "updatedAt")
           values ($1, $2, $3, $4, 'bench', now(), now())`,
          [wf.versionId, 'rpBenchFlow0001', JSON.stringify(w.nodes), JSON.stringify(w.connections)],
        );
      }
      await n8nPool.query(`update workflow_entity set active = true, "activeVersionId" = "versionId" where id = $1`, ['rpBenchFlow0001']);
    } else {
      await n8nPool.query(`update workflow_entity set active = true where id = $1`, ['rpBenchFlow0001']);
    }
  } finally {
    await n8nPool.end();
  }

  const child = spawn(process.execPath, [bin, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const hookUrl = `http://127.0.0.1:${port}/webhook/meta`;
  try {
    await waitForN8n(child, hookUrl, () => out);
    const since = sink.length;
    const ids = () => {
      const m = new Map<string, number>();
      for (const a of sink.slice(since)) {
        const id = (JSON.parse(a.body) as { id?: string }).id;
        if (id && !m.has(id)) m.set(id, a.at);
      }
      return m;
    };
    const result = await measure({
      engine: `n8n ${readN8nVersion()}`,
      serverPid: child.pid!,
      pgDir,
      url: hookUrl,
      next: hookPayload,
      completions: ids,
      outcome: async () => {
        const p = new pg.Pool({ connectionString: dbUrl.replace(/\/[^/]*$/, '/n8n'), max: 1 });
        try {
          const { rows } = await p.query<{ status: string; n: string }>('select status, count(*) as n from execution_entity group by status');
          const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
          return { failed: (by.error ?? 0) + (by.crashed ?? 0), stuck: (by.running ?? 0) + (by.new ?? 0) + (by.waiting ?? 0) };
        } finally {
          await p.end();
        }
      },
      notes:
        'n8n acknowledges (responseMode onReceived) before anything is stored, does not check the X-Hub-Signature-256, and saves the execution when it ends; executions run in the main process (EXECUTIONS_MODE=regular), all kept.',
    });
    return result;
  } finally {
    await new Promise<void>((r) => {
      child.once('exit', () => r());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
    });
  }
}

function readN8nVersion(): string {
  return (JSON.parse(readFileSync(path.join(N8N_DIR, 'node_modules', 'n8n', 'package.json'), 'utf8')) as { version: string }).version;
}

async function waitForN8n(child: ChildProcess, hookUrl: string, out: () => string) {
  const deadline = Date.now() + 240_000;
  let exited: number | null | undefined;
  let lastProbe = '';
  child.once('exit', (code) => (exited = code));
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`n8n exited ${exited}: ${out().slice(-3000)}`);
    try {
      // A DM without the keyword: the workflow runs, the IF says no, nothing reaches the sink.
      const probe = messagingWebhook('instagram', '17840', [{ sender: 'probe', recipient: '17840', message: { mid: 'm_probe', text: 'probe' } }]);
      const r = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(probe) });
      lastProbe = `${r.status} ${(await r.text()).slice(0, 200)}`;
      if (r.ok) return;
    } catch (err) {
      lastProbe = String(err); // not listening yet
    }
    await sleep(1000);
  }
  throw new Error(`n8n did not register its webhook in 240 s (last probe: ${lastProbe}): ${out().slice(-3000)}`);
}

// ---------- Replypilot ----------
async function runOurs(dbUrl: string, pgDir: string, pool: pg.Pool, sinkUrl: string, sink: Arrival[]) {
  const fake = await startMetaGraphFake({ latencyMs: 0 });
  const server = await spawnServer('all', {
    DATABASE_URL: dbUrl,
    ...fake.env,
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WORKER_CONCURRENCY: process.env.BENCH_WORKERS ?? '24',
  });
  const results: Measured[] = [];
  try {
    const { cookie, workspaceId } = await signIn(server.url);
    const cipher = createTokenCipher(ENCRYPTION_KEY);
    const pages: FakePage[] = Array.from({ length: ACCOUNTS }, (_, i) => ({
      id: `200${i}`,
      name: `Bench Page ${i}`,
      category: 'Shopping & retail',
      accessToken: `EAAvs${i}`,
      instagram: { id: `1785${i}`, username: `vs${i}`, name: `Vs ${i}`, profile_picture_url: '', followers_count: 1, media_count: 1 },
    }));
    for (const p of pages) fake.addPage(p);
    await pool.query(
      `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name, access_token_enc, linked_external_id, profile)
       select $1, 'instagram', 'meta', ig, u, u, tok, page, '{"loginPath":"facebook"}'::jsonb
       from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as t(ig, u, tok, page)`,
      [
        workspaceId,
        pages.map((p) => p.instagram!.id),
        pages.map((p) => p.instagram!.username),
        pages.map((p) => cipher.encrypt(p.accessToken)),
        pages.map((p) => p.id),
      ],
    );
    const hook = `${server.url}/api/webhooks/facebook/webhook`;
    const signed = (body: unknown) => {
      const raw = metaJson(body);
      return { raw, headers: { 'x-hub-signature-256': metaSignature(raw, fake.app.secret) } };
    };

    // A. DM → keyword flow → webhook step to the sink.
    const flow = await fetch(`${server.url}/api/flows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        name: 'Bench: keyword to sink',
        platform: 'multi',
        isActive: true,
        flowData: {
          nodes: [keywordTrigger(['link']), node('2', 'webhook', { method: 'POST', url: sinkUrl, headers: [], body: '{"contact":"{name}"}' })],
          edges: [edge('1', '2')],
        },
      }),
    });
    if (flow.status !== 201) throw new Error(`flow: ${flow.status} ${await flow.text()}`);
    const flowId = ((await flow.json()) as { id: string }).id;
    const since = sink.length;
    const dmPayload = (i: number) => {
      const page = pages[i % ACCOUNTS]!;
      const sender = `vsfan${i}`;
      return {
        id: sender,
        ...signed(
          messagingWebhook('instagram', page.instagram!.id, [{ sender, recipient: page.instagram!.id, message: { mid: `m_vs${i}`, text: 'link please' } }]),
        ),
      };
    };
    // The sink gets the run's Idempotency-Key (<runId>:<seq>); the run's contact is the sender.
    const runSender = new Map<string, string>();
    const flowCompletions = () => {
      const m = new Map<string, number>();
      for (const a of sink.slice(since)) {
        const runId = String(a.headers['idempotency-key'] ?? '').split(':')[0]!;
        const sender = runSender.get(runId);
        if (sender && !m.has(sender)) m.set(sender, a.at);
      }
      return m;
    };
    let lastRefresh = 0;
    const completions = () => {
      if (Date.now() - lastRefresh > 1000) {
        lastRefresh = Date.now();
        void pool
          .query<{ id: string; s: string }>(
            'select r.id::text, c.external_user_id as s from flow_runs r join contacts c on c.id = r.contact_id where r.flow_id = $1',
            [flowId],
          )
          .then((r) => r.rows.forEach((row) => runSender.set(row.id, row.s)));
      }
      return flowCompletions();
    };
    if (ONLY !== 'rule')
      results.push(
        await measure({
          engine: 'replypilot flow',
          ...(process.env.BENCH_PROGRESS === '1' ? { progress: () => flowProgress(pool, flowId) } : {}),
          serverPid: server.child.pid!,
          pgDir,
          url: hook,
          next: dmPayload,
          completions,
          outcome: async () => {
            const { rows } = await pool.query<{ status: string; n: string }>('select status, count(*) as n from flow_runs where flow_id = $1 group by status', [
              flowId,
            ]);
            const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
            const ev = await pool.query<{ n: string }>("select count(*) as n from inbound_events where provider = 'meta' and processed_at is null");
            return { failed: by.failed ?? 0, stuck: (by.running ?? 0) + (by.sleeping ?? 0) + (by.waiting ?? 0) + Number(ev.rows[0]!.n) };
          },
          notes:
            'Each webhook POST is HMAC-checked and its event and job committed before the 200; the run (trigger, webhook step with its Idempotency-Key) is durable at every step.',
        }),
      );
    // Final mapping for the result (the refresh above is asynchronous).
    (
      await pool.query<{ id: string; s: string }>(
        'select r.id::text, c.external_user_id as s from flow_runs r join contacts c on c.id = r.contact_id where r.flow_id = $1',
        [flowId],
      )
    ).rows.forEach((row) => runSender.set(row.id, row.s));
    await fetch(`${server.url}/api/flows/${flowId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ isActive: false }),
    });

    if (ONLY === 'flow') return results;
    // B. Comment → comment rule → private reply at the Graph fake.
    const rule = await fetch(`${server.url}/api/comment-rules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ platform: 'instagram', keywords: ['link'], responseTemplate: 'Here is your link: example.com' }),
    });
    if (rule.status !== 201) throw new Error(`rule: ${rule.status}`);
    const commentPayload = (i: number) => {
      const page = pages[i % ACCOUNTS]!;
      const id = `17950${i}`;
      return {
        id,
        ...signed(igCommentsWebhook(page.instagram!.id, [{ id, text: 'link please', from: { id: `vsc-${i}`, username: `vsc${i}` }, mediaId: 'm1' }])),
      };
    };
    const fakeSince = fake.calls.length;
    const replies = () => {
      const m = new Map<string, number>();
      for (const c of fake.calls.slice(fakeSince)) {
        const id = (c.body?.recipient as { comment_id?: string } | undefined)?.comment_id;
        if (c.method === 'POST' && c.path.endsWith('/messages') && id && !m.has(id)) m.set(id, c.at);
      }
      return m;
    };
    results.push(
      await measure({
        engine: 'replypilot comment rule',
        serverPid: server.child.pid!,
        pgDir,
        url: hook,
        next: commentPayload,
        completions: replies,
        outcome: async () => {
          const { rows } = await pool.query<{ status: string; n: string }>(
            "select status, count(*) as n from outbound_ledger where kind = 'private_reply' group by status",
          );
          const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
          const ev = await pool.query<{ n: string }>("select count(*) as n from inbound_events where provider = 'meta' and processed_at is null");
          return { failed: by.failed ?? 0, stuck: (by.queued ?? 0) + (by.sending ?? 0) + Number(ev.rows[0]!.n) };
        },
        notes: 'Completion = the private reply reached the Graph fake (0 ms latency); at most one per comment (ledger key), paced per account.',
      }),
    );
  } finally {
    await server.stop();
    await fake.stop();
  }
  return results;
}

const { db, pool, stop } = await benchDatabase();
const sink = await startSink();
try {
  const dataDir = new URL(db.url).port; // postgresPids finds the server by its port
  const runs: Measured[] = [];
  const errors: Record<string, string> = {};
  if (ONLY === 'all' || ONLY === 'ours' || ONLY === 'flow' || ONLY === 'rule') runs.push(...(await runOurs(db.url, dataDir, pool, sink.url, sink.arrivals)));
  if (ONLY === 'all' || ONLY === 'n8n') {
    const dm = (i: number) => {
      const sender = `n8nfan${i}`;
      const body = messagingWebhook('instagram', '17840', [{ sender, recipient: '17840', message: { mid: `m_n8n${i}`, text: 'link please' } }]);
      const raw = metaJson(body);
      return { id: `m_n8n${i}`, raw, headers: { 'x-hub-signature-256': metaSignature(raw, 'not-checked-by-n8n') } };
    };
    try {
      runs.push(await runN8n(db.url, dataDir, pool, sink.url, sink.arrivals, dm));
    } catch (err) {
      errors.n8n = err instanceof Error ? err.message.slice(0, 4000) : String(err);
      console.error('n8n run failed:', errors.n8n);
    }
  }
  const flow = runs.find((r) => r.engine === 'replypilot flow');
  const n8n = runs.find((r) => r.engine.startsWith('n8n'));
  const ratio =
    flow && n8n
      ? {
          completedPerSecond: round(flow.completedPerSecond / n8n.completedPerSecond),
          serverCpuMsPerExecution: round(flow.serverCpuMsPerExecution / n8n.serverCpuMsPerExecution),
          endToEndP99: round(flow.endToEndMs.p99 / n8n.endToEndMs.p99),
          peakRss: round(flow.peakServerRssMiB / n8n.peakServerRssMiB),
          note: 'replypilot flow ÷ n8n',
        }
      : null;
  const result = {
    benchmark: 'vs-n8n',
    date: new Date().toISOString(),
    machine: await machine(pool),
    settings: {
      durationS: DURATION_S,
      concurrency: CONCURRENCY,
      accounts: ACCOUNTS,
      postgres: 'embedded, default durability, shared by both engines',
      loadGenerator: 'closed loop, fetch',
    },
    runs,
    ratio,
    errors,
  };
  console.log(JSON.stringify({ ratio, errors }, null, 2));
  // A partial run (--only) does not replace the committed side-by-side result.
  await writeResult(ONLY === 'all' ? 'vs-n8n' : `vs-n8n-${ONLY}`, result);
} finally {
  await sink.stop();
  await stop();
}
