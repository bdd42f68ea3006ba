import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { boot, type Replypilot } from '../../bin/boot';
import { HttpClient } from '../../tests/support/http-client';
import { edge, keywordTrigger, node, publishFlow } from '../../tests/support/flows';
import { freePort } from '../../tests/support/free-port';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { runningEmbeddedServer } from '../embedded';
import { onlineBackup } from './online-backup';
import { restoreBackup, RestoreRefused } from './restore-backup';

/**
 * `replypilot backup` of a running instance (embedded PostgreSQL, secrets generated into DATA_DIR)
 * while it takes DMs and runs flows, `replypilot restore` into a new data directory, and the
 * instance booted there: every run that slept on a delay in the backup wakes on time, nothing
 * committed before the backup is missing, and amcheck finds every heap and index intact.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const DELAY_SECONDS = 20;
const RUNS = 30;
const base = await mkdtemp(path.join(os.tmpdir(), 'replypilot-backup-'));
// Run as root, PostgreSQL runs as `postgres` (db/embedded.ts), which must reach the data dirs inside.
await chmod(base, 0o755);
const sourceDir = path.join(base, 'source');
const restoredDir = path.join(base, 'restored');
const apps: Replypilot[] = [];

afterAll(async () => {
  // Last booted first: a worker before the web process whose embedded PostgreSQL it uses.
  for (const app of apps.reverse()) await app.stop().catch(() => undefined);
  await rm(base, { recursive: true, force: true });
});

const silent = pino({ level: 'silent' });

async function bootOn(dataDir: string, role: 'all' | 'web' | 'worker' = 'all', databaseUrl?: string): Promise<Replypilot & { baseUrl: string }> {
  const app = await boot({
    role,
    noUi: true,
    log: silent,
    // No DATABASE_URL and no secrets: embedded PostgreSQL in DATA_DIR, secrets generated into secrets.json.
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: '0',
      HOST: '127.0.0.1',
      TIMER_PUMP_INTERVAL_MS: '100',
      ACCOUNT_HEALTH_INTERVAL_MINUTES: '0',
      RECONCILE_EVERY_MINUTES: '0',
    },
  });
  apps.push(app);
  return Object.assign(app, { baseUrl: app.web?.url.replace('localhost', '127.0.0.1') ?? '' });
}

/** `replypilot <args>` as an operator runs it, in its own process. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/replypilot.ts', ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', SESSION_SECRET: '', APP_ENCRYPTION_KEY: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const count = async (app: Replypilot, sql: string, values: unknown[] = []) => Number((await app.database.pool.query(sql, values)).rows[0].n);

it('backs up a running instance mid-traffic; the restored one has its data intact and wakes its sleeping runs on time', async () => {
  const source = await bootOn(sourceDir);
  const w = await newWorkspaceUser(source.baseUrl);
  await publishFlow(w.client, {
    nodes: [
      keywordTrigger(['start']),
      node('2', 'instagramDM', { text: 'Hello {first_name}' }),
      node('3', 'delay', { amount: DELAY_SECONDS, unit: 'seconds' }),
      node('4', 'instagramDM', { text: 'Twenty seconds later' }),
      node('5', 'complete'),
    ],
    edges: [edge('1', '2'), edge('2', '3'), edge('3', '4'), edge('4', '5')],
  });
  const dm = (n: string) =>
    w.client.post('/api/simulator/messages', {
      accountId: w.instagram.id,
      contact: { externalUserId: `fan-${n}`, name: `Fan ${n}`, username: `fan${n}` },
      text: 'start',
    });
  for (let i = 0; i < RUNS; i++) expect((await dm(String(i))).status).toBe(202);
  await expect.poll(() => count(source, "select count(*) as n from flow_runs where status = 'sleeping'"), { timeout: 20_000, interval: 100 }).toBe(RUNS);

  // What the backup must hold: everything committed before it starts.
  const tables = ['flow_runs', 'run_steps', 'contacts', 'conversations', 'messages', 'outbound_ledger', 'sandbox_deliveries', 'inbound_events', 'users'];
  const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(source, `select count(*) as n from ${t}`)] as const)));
  const sleeping = (await source.database.pool.query<{ run_id: string }>("select run_id from run_timers where kind = 'delay'")).rows.map((r) => r.run_id);
  expect(sleeping).toHaveLength(RUNS);

  // DMs keep arriving (and the worker keeps running flows) for as long as the backup runs.
  const written: Date[] = [];
  let writing = true;
  const writer = (async () => {
    for (let n = 0; writing; n++) {
      const res = await dm(`live-${n}`);
      if (res.status === 202) written.push(new Date());
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await expect.poll(() => written.length, { timeout: 5_000, interval: 20 }).toBeGreaterThan(3);

  const backupsDir = path.join(base, 'backups');
  await mkdir(backupsDir);
  // What `replypilot backup` does against a running instance (its CLI is tested below, with the
  // instance stopped): reach the server through its postmaster.pid and pg-password.
  const server = await runningEmbeddedServer(sourceDir);
  expect(server).toBeDefined();
  const archive = path.join(backupsDir, 'live.tar.gz');
  const result = await onlineBackup({ dataDir: sourceDir, adminUrl: server!.url, output: archive, replypilotVersion: 'test' });
  writing = false;
  await writer;
  expect(result.bytes).toBe((await stat(archive)).size);
  expect((await stat(archive)).mode & 0o777).toBe(0o600);
  // GNU tar reads it: the secrets beside the cluster, the label pg_backup_stop returned, the WAL.
  const listing = await new Promise<string>((resolve) => {
    const tar = spawn('tar', ['-tzf', archive]);
    let out = '';
    tar.stdout.on('data', (c: Buffer) => (out += c.toString()));
    tar.on('close', () => resolve(out));
  });
  const names = listing.split('\n');
  for (const name of ['secrets.json', 'pg-password', 'pg/backup_label', 'pg/global/pg_control', 'pg/PG_VERSION', 'replypilot-backup.json'])
    expect(names).toContain(name);
  expect(names.some((n) => /^pg\/pg_wal\/[0-9A-F]{24}$/.test(n))).toBe(true);
  for (const excluded of ['pg/postmaster.pid', 'pg/postmaster.opts']) expect(names).not.toContain(excluded);

  // Writes were committed while the copy ran: between the label's start time and the end of the backup.
  const label = await readTarFile(archive, 'pg/backup_label');
  const labelStart = new Date(/START TIME: (.+)/.exec(label)![1]!.replace(' UTC', 'Z').replace(' ', 'T'));
  expect(written.filter((t) => t > labelStart && t < new Date(result.manifest.createdAt)).length).toBeGreaterThan(0);

  const sourceSecrets = readFileSync(path.join(sourceDir, 'secrets.json'), 'utf8');
  await restoreBackup({ archive, dataDir: restoredDir, port: await freePort() });
  expect(readFileSync(path.join(restoredDir, 'secrets.json'), 'utf8')).toBe(sourceSecrets);
  // The old instance goes away meanwhile (its database is not the restored one).
  const sourceStopped = source.stop().then(() => void apps.splice(apps.indexOf(source), 1));

  // The restored instance: the web role first, to read the timers the backup holds (the runs asleep
  // in it, the writer's included) before anything can fire them; then its worker, on the same database.
  const restored = await bootOn(restoredDir, 'web');
  const pool = restored.database.pool;
  const timers = (await pool.query<{ run_id: string; due_at: Date }>("select run_id, due_at from run_timers where kind = 'delay'")).rows;
  expect(timers.map((t) => t.run_id)).toEqual(expect.arrayContaining(sleeping));
  await bootOn(restoredDir, 'worker', pool.options.connectionString);
  const bootedAt = Date.now();
  await sourceStopped;
  for (const t of tables) expect(await count(restored, `select count(*) as n from ${t}`), t).toBeGreaterThanOrEqual(before[t]!);
  // The same secrets: the owner's session cookie from the old instance still signs them in.
  const again = new HttpClient(restored.baseUrl, { cookie: w.client.cookieHeader });
  expect((await again.get('/api/auth/user')).status).toBe(200);

  // Every heap page and btree index, checked by PostgreSQL's amcheck.
  await pool.query('create extension if not exists amcheck');
  const indexes = await pool.query<{ oid: number }>(
    `select c.oid from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
     where am.amname = 'btree' and c.relpersistence = 'p' and i.indisvalid and i.indisready`,
  );
  expect(indexes.rows.length).toBeGreaterThan(50);
  for (const { oid } of indexes.rows) await pool.query('select bt_index_check($1::regclass, true)', [oid]);
  const heapProblems = await pool.query(
    `select c.relname, v.* from pg_class c cross join lateral verify_heapam(c.oid, check_toast => true) v
     where c.relkind in ('r', 'm') and c.relpersistence = 'p'`,
  );
  expect(heapProblems.rows).toEqual([]);

  // Every run asleep in the backup wakes at its due time on the restored instance: never before it,
  // and no later than the pump's next turns after both its time and the instance's boot have come.
  const ids = timers.map((t) => t.run_id);
  await expect
    .poll(() => count(restored, "select count(*) as n from flow_runs where status = 'completed' and id = any($1::uuid[])", [ids]), {
      timeout: (DELAY_SECONDS + 15) * 1000,
      interval: 250,
    })
    .toBe(ids.length);
  const woke = await pool.query<{ run_id: string; started_at: Date }>(
    `select run_id, started_at from run_steps where node_id = '4' and run_id = any($1::uuid[])`,
    [ids],
  );
  expect(woke.rows).toHaveLength(ids.length);
  const due = new Map(timers.map((t) => [t.run_id, t.due_at.getTime()]));
  for (const r of woke.rows) {
    const at = r.started_at.getTime();
    expect(at).toBeGreaterThanOrEqual(due.get(r.run_id)!);
    expect(at).toBeLessThan(Math.max(due.get(r.run_id)!, bootedAt) + 3_000);
  }
  expect(await count(restored, "select count(*) as n from sandbox_deliveries where text = 'Twenty seconds later'")).toBeGreaterThanOrEqual(ids.length);
  // Some woke while the restored instance was up: on time, not merely caught up at boot.
  expect(timers.filter((t) => t.due_at.getTime() > bootedAt + 1_000).length).toBeGreaterThan(0);
}, 90_000);

it('`replypilot backup` of a stopped instance, `replypilot restore` into an empty directory only; a broken archive restores nothing', async () => {
  const backupsDir = path.join(base, 'backups');
  // The instance is stopped now: the command starts its PostgreSQL for the backup, and stops it.
  const backup = await cli(['backup', `${backupsDir}/`], { DATA_DIR: sourceDir, EMBEDDED_PG_PORT: String(await freePort()) });
  expect(backup.stderr).toContain('PostgreSQL is not running');
  expect(backup.stderr).toContain('Backed up');
  expect(backup.code).toBe(0);
  const archive = backup.stdout.trim();
  expect(path.dirname(archive)).toBe(backupsDir);
  expect(path.basename(archive)).toMatch(/^replypilot-backup-\d{8}T\d{6}Z\.tar\.gz$/);
  expect(existsSync(path.join(sourceDir, 'pg', 'postmaster.pid'))).toBe(false);

  const refused = await cli(['restore', archive], { DATA_DIR: restoredDir });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('is not empty');

  const restored = await cli(['restore', archive], { DATA_DIR: path.join(base, 'cli-restored') });
  expect(restored.stderr).toContain('Restored the backup');
  expect(restored.code).toBe(0);
  expect(readFileSync(path.join(base, 'cli-restored', 'secrets.json'), 'utf8')).toBe(readFileSync(path.join(sourceDir, 'secrets.json'), 'utf8'));

  const truncated = path.join(base, 'truncated.tar.gz');
  await copyFile(archive, truncated);
  await truncate(truncated, Math.floor((await stat(truncated)).size / 2));
  const empty = path.join(base, 'empty');
  await mkdir(empty);
  await expect(restoreBackup({ archive: truncated, dataDir: empty, port: await freePort() })).rejects.toBeInstanceOf(RestoreRefused);
  // Nothing of the failed restore is left behind.
  expect(await readdir(empty)).toEqual([]);

  const notABackup = path.join(base, 'other.tar.gz');
  await writeFile(notABackup, 'not gzip at all');
  await expect(restoreBackup({ archive: notABackup, dataDir: path.join(base, 'fresh'), port: await freePort() })).rejects.toThrow(/not a readable backup/);
  expect(existsSync(path.join(base, 'fresh'))).toBe(false);
}, 90_000);

it('points an external DATABASE_URL at that server’s own tools', async () => {
  const res = await cli(['backup'], { DATABASE_URL: 'postgres://replypilot@db.example:5432/replypilot' });
  expect(res.code).toBe(1);
  expect(res.stderr).toContain('pg_dump');
  expect(res.stderr).toContain('pg_basebackup');
  expect(res.stdout).toBe('');
});

async function readTarFile(archive: string, name: string): Promise<string> {
  return new Promise((resolve) => {
    const tar = spawn('tar', ['-xzOf', archive, name]);
    let out = '';
    tar.stdout.on('data', (c: Buffer) => (out += c.toString()));
    tar.on('close', () => resolve(out));
  });
}
