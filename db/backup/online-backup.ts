import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { BACKUP_FORMAT, BACKUP_MANIFEST, type BackupManifest } from '../../contracts/backup';
import { PASSWORD_FILE } from '../embedded';
import { TAR_END, tarHeader, tarPadding, type TarEntryHeader } from './tar-format';

export interface OnlineBackupOptions {
  /** DATA_DIR: the cluster in `<dataDir>/pg`, secrets.json and pg-password beside it. */
  dataDir: string;
  /** A superuser's connection to the server running on that cluster. */
  adminUrl: string;
  /** The archive to write (.tar.gz); written as `<output>.partial` and renamed when complete. */
  output: string;
  replypilotVersion: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** What the data dir holds beside the cluster that the instance cannot run without. */
const SECRET_FILES = ['secrets.json', PASSWORD_FILE] as const;

/**
 * Directories whose contents PostgreSQL recreates or does not need in a base backup (PostgreSQL 17
 * docs §25.3.4, "Making a Base Backup Using the Low Level API", and the list pg_basebackup skips):
 * the directory itself is archived, empty. pg_wal gets exactly the segments the backup needs.
 */
const EMPTIED_DIRS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
/** Subdirectories of emptied ones the server expects to find. */
const KEPT_SUBDIRS = ['pg_wal/archive_status', 'pg_wal/summaries'];
/** Files never copied: a live server's lock and options, an old backup's leftovers, temp files. */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'backup_manifest',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
  'pg_internal.init',
]);
const isTemp = (name: string) => name.startsWith('pgsql_tmp');
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * An online, consistent backup of the embedded cluster through PostgreSQL's low-level API (ADR 0035),
 * for a server without pg_basebackup or pg_dump. On ONE session: a temporary physical replication
 * slot (it keeps every WAL segment from now on until the session ends, so no checkpoint recycles
 * one the backup needs), pg_backup_start(label, fast), a copy of the data directory while the
 * server keeps writing, pg_backup_stop(false) (it switches to a new WAL segment, so the one holding
 * the stop LSN is complete; without WAL archiving there is nothing to wait for), then the WAL
 * segments from the start LSN's to the stop LSN's, the backup_label and tablespace_map it returned,
 * the secrets and a manifest, all in one .tar.gz. Restored, the server replays that WAL from the
 * label's checkpoint to the stop LSN (crash recovery to consistency) and opens as of the stop.
 */
export async function onlineBackup(opts: OnlineBackupOptions): Promise<BackupResult> {
  const clusterDir = path.join(opts.dataDir, 'pg');
  const partial = `${opts.output}.partial`;
  const client = new pg.Client({ connectionString: opts.adminUrl, application_name: 'replypilot backup' });
  // A session lost mid-way (server stopped) must fail the backup, not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  let files = 0;
  let manifest: BackupManifest | undefined;
  try {
    const { rows: info } = await client.query<{ version: string; tablespaces: number }>(
      `select current_setting('server_version') as version,
              (select count(*)::int from pg_tablespace where spcname not in ('pg_default', 'pg_global')) as tablespaces`,
    );
    const version = info[0]!.version;
    if (info[0]!.tablespaces > 0) throw new Error('The cluster has tablespaces outside its data directory; this backup copies the data directory only.');
    const slot = `replypilot_backup_${randomBytes(6).toString('hex')}`;
    // Reserved now, held until this session ends, dropped with it (temporary).
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    const started = await client.query<{ lsn: string; walfile: string }>(
      `select lsn::text, pg_walfile_name(lsn) as walfile from pg_backup_start($1, true) as lsn`,
      [`replypilot ${new Date().toISOString()}`],
    );
    const startLsn = started.rows[0]!.lsn;
    const startSegment = started.rows[0]!.walfile;

    async function* archive(): AsyncGenerator<Buffer> {
      for (const name of SECRET_FILES) {
        const file = path.join(opts.dataDir, name);
        if (existsSync(file)) {
          files++;
          yield* fileEntry(file, name);
        }
      }
      yield directoryEntry('pg');
      // pg_control last, as pg_basebackup sends it: the copy made after every other file.
      for await (const chunk of copyDataDir(clusterDir, 'pg', () => files++)) yield chunk;
      files++;
      yield* fileEntry(path.join(clusterDir, 'global', 'pg_control'), 'pg/global/pg_control');

      const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null; walfile: string; segment_size: string }>(
        `select s.lsn::text, s.labelfile, s.spcmapfile, pg_walfile_name(s.lsn) as walfile,
                current_setting('wal_segment_size') as segment_size
         from pg_backup_stop(false) s`,
      );
      const stop = stopped.rows[0]!;
      files++;
      yield* bufferEntry('pg/backup_label', Buffer.from(stop.labelfile));
      if (stop.spcmapfile) {
        files++;
        yield* bufferEntry('pg/tablespace_map', Buffer.from(stop.spcmapfile));
      }
      const segments = segmentsBetween(startSegment, stop.walfile, walSegmentBytes(stop.segment_size));
      const walDir = path.join(clusterDir, 'pg_wal');
      const present = new Set(await readdir(walDir));
      // The slot kept them; a missing one means the WAL is not where this backup expects it.
      const missing = segments.filter((s) => !present.has(s));
      if (missing.length) throw new Error(`WAL segments ${missing.join(', ')} are not in ${walDir}`);
      // Timeline history files: a cluster that was once promoted needs them to follow its timeline.
      for (const name of [...present].filter((n) => n.endsWith('.history')).sort()) {
        files++;
        yield* fileEntry(path.join(walDir, name), `pg/pg_wal/${name}`);
      }
      for (const name of segments) {
        files++;
        yield* fileEntry(path.join(walDir, name), `pg/pg_wal/${name}`, { exact: true });
      }
      manifest = {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        replypilotVersion: opts.replypilotVersion,
        postgres: { version, startLsn, stopLsn: stop.lsn, walSegments: segments },
        secrets: SECRET_FILES.filter((name) => existsSync(path.join(opts.dataDir, name))),
        files,
      };
      yield* bufferEntry(BACKUP_MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      yield TAR_END;
    }

    // Mode 0600: the archive holds the secrets.
    const out = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
    await pipeline(archive(), createGzip({ level: 3 }), out);
    const handle = await open(partial, 'r');
    let bytes: number;
    try {
      await handle.sync();
      bytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    await rename(partial, opts.output);
    return { file: opts.output, bytes, manifest: manifest! };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    // Ends a backup still in progress (the server aborts it with the session) and drops the slot.
    await client.end().catch(() => undefined);
  }
}

/** 16MB → bytes (wal_segment_size as current_setting shows it). */
function walSegmentBytes(setting: string): number {
  const m = /^(\d+)(kB|MB|GB)?$/.exec(setting.trim());
  if (!m) throw new Error(`Unexpected wal_segment_size "${setting}"`);
  const unit = { kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[m[2] as 'kB' | 'MB' | 'GB'] ?? 1;
  return Number(m[1]) * unit;
}

/** Segment file names from `first` to `last` inclusive, on first's timeline (TTTTTTTTXXXXXXXXYYYYYYYY). */
export function segmentsBetween(first: string, last: string, segmentBytes: number): string[] {
  if (!WAL_SEGMENT.test(first) || !WAL_SEGMENT.test(last)) throw new Error(`Not WAL segment names: ${first}, ${last}`);
  const perLog = BigInt(0x100000000) / BigInt(segmentBytes);
  const number = (name: string) => BigInt(`0x${name.slice(8, 16)}`) * perLog + BigInt(`0x${name.slice(16)}`);
  const timeline = first.slice(0, 8);
  const out: string[] = [];
  for (let n = number(first); n <= number(last); n++) {
    out.push(`${timeline}${(n / perLog).toString(16).toUpperCase().padStart(8, '0')}${(n % perLog).toString(16).toUpperCase().padStart(8, '0')}`);
  }
  if (out.length === 0) throw new Error(`The backup's last WAL segment ${last} comes before its first ${first}`);
  return out;
}

/**
 * The data directory, depth first in name order, as archive entries under `prefix`: what the
 * PostgreSQL docs say to leave out is left out; a file or directory that vanishes mid-copy (a
 * dropped table, a finished temp file) is skipped, as pg_basebackup does.
 */
async function* copyDataDir(dir: string, prefix: string, counted: () => void, top = true): AsyncGenerator<Buffer> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const name = `${prefix}/${entry.name}`;
    const full = path.join(dir, entry.name);
    if (isTemp(entry.name)) continue;
    if (entry.isDirectory()) {
      yield directoryEntry(name);
      if (top && EMPTIED_DIRS.has(entry.name)) {
        for (const sub of KEPT_SUBDIRS.filter((s) => s.startsWith(`${entry.name}/`))) yield directoryEntry(`${prefix}/${sub}`);
        continue;
      }
      yield* copyDataDir(full, name, counted, false);
    } else if (entry.isFile()) {
      if (SKIPPED_FILES.has(entry.name) || name === 'pg/global/pg_control') continue;
      const chunks = fileEntry(full, name);
      let first = true;
      for await (const chunk of chunks) {
        if (first) counted();
        first = false;
        yield chunk;
      }
    } else if (entry.isSymbolicLink()) {
      throw new Error(`${full} is a symbolic link (a tablespace or a moved pg_wal); this backup copies one directory only`);
    }
  }
}

function directoryEntry(name: string): Buffer {
  return tarHeader({ name, type: 'directory', size: 0, mode: 0o700, mtime: new Date() });
}

function* bufferEntry(name: string, content: Buffer): Generator<Buffer> {
  yield tarHeader({ name, type: 'file', size: content.length, mode: 0o600, mtime: new Date() });
  yield content;
  yield tarPadding(content.length);
}

/**
 * One file as it is now: its size when opened is its size in the archive. A file that shrinks
 * while it is read is padded with zeros and one that grows is cut at that size: PostgreSQL's
 * replay of the backup's WAL rewrites every page changed after pg_backup_start (full-page writes
 * are forced during a backup). `exact` (WAL segments, written before the copy) fails instead.
 * Nothing (not even a header) for a file that vanished before it was opened.
 */
async function* fileEntry(file: string, name: string, opts: { exact?: boolean } = {}): AsyncGenerator<Buffer> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !opts.exact) return;
    throw err;
  }
  try {
    const st = await handle.stat();
    const header: TarEntryHeader = { name, type: 'file', size: st.size, mode: st.mode & 0o777, mtime: st.mtime };
    yield tarHeader(header);
    let position = 0;
    while (position < st.size) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, st.size - position));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) {
        if (opts.exact) throw new Error(`${file} shrank while it was copied`);
        yield Buffer.alloc(st.size - position);
        position = st.size;
        break;
      }
      position += bytesRead;
      yield bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead);
    }
    yield tarPadding(st.size);
  } finally {
    await handle.close();
  }
}
