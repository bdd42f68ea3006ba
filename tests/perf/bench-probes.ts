import { readdirSync, readFileSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import pg from 'pg';
import { latencyStats } from './bench-kit';

/**
 * What a benchmark window cost, beyond its wall time: CPU of this process and of the PostgreSQL
 * server (postmaster + every backend, from /proc; exited backends through the postmaster's
 * cutime/cstime), and the number of statements this process sent (every pg client's `query`).
 * Linux only; on other systems the PostgreSQL figure is NaN.
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux

function stat(pid: number | string): string[] | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return s.slice(s.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU ms of the postmaster `pid` and its children (fields after the command: 1 ppid, 11 utime, 12 stime, 13 cutime, 14 cstime). */
function serverCpuMs(postmaster: number): number {
  const own = stat(postmaster);
  if (!own) return NaN;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = stat(entry);
    if (f && Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks * TICK_MS;
}

let statements = 0;
let patched = false;
/** Counts every statement any pg client of this process sends from now on. */
export function countStatements(): () => number {
  if (!patched) {
    patched = true;
    const original = pg.Client.prototype.query;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (pg.Client.prototype as any).query = function (this: pg.Client, ...args: unknown[]) {
      statements++;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (original as any).apply(this, args);
    };
  }
  return () => statements;
}

export interface CostMark {
  processCpuMs: number;
  postgresCpuMs: number;
  statements: number;
}

export async function costProbe(pool: pg.Pool) {
  const counter = countStatements();
  const backend = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const postmaster = Number(stat(backend)?.[1] ?? NaN);
  const mark = (): CostMark => {
    const u = process.cpuUsage();
    return { processCpuMs: (u.user + u.system) / 1000, postgresCpuMs: serverCpuMs(postmaster), statements: counter() };
  };
  return {
    mark,
    /** Per unit of work (e.g. per durable step) between two marks. */
    per(from: CostMark, to: CostMark, units: number) {
      const r = (x: number) => Math.round(x * 100) / 100;
      return {
        nodeCpuMs: r((to.processCpuMs - from.processCpuMs) / units),
        postgresCpuMs: r((to.postgresCpuMs - from.postgresCpuMs) / units),
        statements: r((to.statements - from.statements) / units),
      };
    },
  };
}

/**
 * The disk's own fsync latency while a benchmark runs, independent of PostgreSQL: every
 * `everyMs`, write 8 KiB to a file in `dir` (put it on PostgreSQL's disk) and fdatasync it, as a
 * WAL flush does. Async file I/O (libuv's thread pool), so the bench's event loop is not blocked.
 * stop() gives the latencies' percentiles and the longest (latencyStats), and removes the file.
 */
export async function fsyncProbe(dir: string, everyMs = 20): Promise<{ stop(): Promise<ReturnType<typeof latencyStats>> }> {
  const file = `${dir}/fsync-probe.tmp`;
  const fh = await open(file, 'w');
  const block = Buffer.alloc(8192, 1);
  const ms: number[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const t = performance.now();
      await fh.write(block, 0, block.length, (i % 128) * block.length);
      await fh.datasync();
      ms.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await fh.close();
      await rm(file, { force: true });
      return latencyStats(ms);
    },
  };
}

/** PostgreSQL's WAL flushes (pg_stat_wal; times need track_wal_io_timing) and checkpoints so far. */
export async function walStats(
  pool: pg.Pool,
): Promise<{ bytes: number; records: number; fullPageImages: number; syncs: number; syncMs: number; checkpoints: number }> {
  const { rows } = await pool.query<{ bytes: string; records: string; fpi: string; syncs: string; sync_ms: number; checkpoints: string }>(
    `select w.wal_bytes as bytes, w.wal_records as records, w.wal_fpi as fpi, w.wal_sync as syncs, w.wal_sync_time as sync_ms,
       c.num_timed + c.num_requested as checkpoints
     from pg_stat_wal w, pg_stat_checkpointer c`,
  );
  const r = rows[0]!;
  return {
    bytes: Number(r.bytes),
    records: Number(r.records),
    fullPageImages: Number(r.fpi),
    syncs: Number(r.syncs),
    syncMs: Number(r.sync_ms),
    checkpoints: Number(r.checkpoints),
  };
}
