import { createReadStream, existsSync } from 'node:fs';
import { chown, mkdir, open, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { BACKUP_MANIFEST, backupManifestSchema, type BackupManifest } from '../../contracts/backup';
import { PASSWORD_FILE, runAsUser, startEmbeddedPostgres } from '../embedded';
import { readTar, type TarEntryHeader } from './tar-format';

/** A restore that would overwrite something, or an archive that is not a whole Replypilot backup. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreOptions {
  archive: string;
  /** The new DATA_DIR: absent or empty. */
  dataDir: string;
  /** Port for the one start that takes the restored cluster through recovery (any free port). */
  port: number;
  log?: (message: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
}

const TOP_LEVEL_FILES = new Set(['secrets.json', PASSWORD_FILE, BACKUP_MANIFEST]);

/**
 * Brings a `replypilot backup` archive (db/backup/online-backup.ts) back into a new data directory,
 * then starts PostgreSQL on it once: the server replays the archived WAL from the backup_label's
 * checkpoint to the backup's stop LSN (recovery to consistency) and is stopped cleanly, so a restore
 * that returns is one PostgreSQL has opened. Refuses a non-empty directory, and removes what it
 * wrote when anything fails (the directory is as empty as it was).
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const dataDir = path.resolve(opts.dataDir);
  if (existsSync(dataDir)) {
    const present = await readdir(dataDir);
    if (present.length > 0) {
      const shown = present.slice(0, 4).join(', ') + (present.length > 4 ? ', …' : '');
      throw new RestoreRefused(
        `${dataDir} is not empty (${shown}). A restore goes into a new or empty data directory: ` +
          `point DATA_DIR at one (e.g. DATA_DIR=${dataDir}-restored), or move this one aside first.`,
      );
    }
  }
  if (!existsSync(opts.archive)) throw new RestoreRefused(`No such backup archive: ${opts.archive}`);
  const created = !existsSync(dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    // This process owns the directory from now on: an instance started on it meanwhile refuses (db/embedded.ts).
    await writeFile(path.join(dataDir, 'replypilot.pid'), String(process.pid));
    const manifest = await extract(opts.archive, dataDir);
    const as = await runAsUser();
    if (as.uid !== undefined && as.gid !== undefined) await chownTree(path.join(dataDir, 'pg'), as.uid, as.gid);

    const server = await startEmbeddedPostgres({
      dir: dataDir,
      port: opts.port,
      database: 'replypilot',
      ...(opts.log ? { log: opts.log, notice: opts.log } : {}),
    });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering');
        if (rows[0]?.recovering) throw new Error('The restored server is still in recovery');
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }
    return { manifest };
  } catch (err) {
    if (created) await rm(dataDir, { recursive: true, force: true });
    else for (const name of await readdir(dataDir)) await rm(path.join(dataDir, name), { recursive: true, force: true });
    throw err;
  }
}

/** Unpacks the archive into `dataDir`, refusing any entry outside what a backup holds; returns its manifest. */
async function extract(archive: string, dataDir: string): Promise<BackupManifest> {
  let manifestText: string | undefined;
  let files = 0;
  const onEntry = async (header: TarEntryHeader, content: AsyncIterable<Buffer>) => {
    const name = checkedName(header);
    const target = path.join(dataDir, ...name.split('/'));
    if (header.type === 'directory') {
      await mkdir(target, { recursive: true, mode: 0o700 });
      return;
    }
    if (name === BACKUP_MANIFEST) {
      if (header.size > 1_000_000) throw new RestoreRefused(`${archive}: its manifest is implausibly large`);
      const parts: Buffer[] = [];
      for await (const chunk of content) parts.push(chunk);
      manifestText = Buffer.concat(parts).toString('utf8');
      return;
    }
    files++;
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // 'wx': an archive naming one file twice is refused, never merged.
    const handle = await open(target, 'wx', 0o600);
    try {
      for await (const chunk of content) await handle.write(chunk);
    } finally {
      await handle.close();
    }
  };
  try {
    await pipeline(createReadStream(archive), createGunzip(), async (source: AsyncIterable<Buffer>) => readTar(source, onEntry));
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    throw new RestoreRefused(`${archive} is not a readable backup archive: ${(err as Error).message}`);
  }
  if (manifestText === undefined) {
    throw new RestoreRefused(`${archive} has no ${BACKUP_MANIFEST}: it is not a Replypilot backup, or the backup did not finish`);
  }
  const parsed = backupManifestSchema.safeParse(JSON.parse(manifestText));
  if (!parsed.success)
    throw new RestoreRefused(`${archive}: ${BACKUP_MANIFEST} is not one this version reads (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  const manifest = parsed.data;
  const required = ['pg/PG_VERSION', 'pg/global/pg_control', 'pg/backup_label', ...manifest.postgres.walSegments.map((s) => `pg/pg_wal/${s}`)];
  const missing = required.filter((f) => !existsSync(path.join(dataDir, f)));
  if (missing.length || files !== manifest.files) {
    throw new RestoreRefused(`${archive} is incomplete (${missing.length ? `missing ${missing.join(', ')}` : `${files} of ${manifest.files} files`})`);
  }
  return manifest;
}

/** The entry's path if it is one a backup holds: relative, no `.`/`..`, under pg/ or a known top-level file. */
function checkedName(header: TarEntryHeader): string {
  const name = header.name;
  const parts = name.split('/');
  const safe = !name.startsWith('/') && !name.includes('\\') && !name.includes('\u0000') && parts.every((p) => p !== '' && p !== '.' && p !== '..');
  const known = parts[0] === 'pg' ? true : parts.length === 1 && header.type === 'file' && TOP_LEVEL_FILES.has(name);
  if (!safe || !known) throw new RestoreRefused(`Unexpected entry "${name}" in the archive: not a Replypilot backup`);
  return name;
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, uid, gid);
    else await chown(full, uid, gid);
  }
}
