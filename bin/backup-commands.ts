import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config/config';
import { onlineBackup } from '../db/backup/online-backup';
import { restoreBackup, RestoreRefused } from '../db/backup/restore-backup';
import { runningEmbeddedServer, startEmbeddedPostgres } from '../db/embedded';

/**
 * `replypilot backup [file|dir]` and `replypilot restore <file>` (README "Backups", ADR 0035). The
 * archive path is the only thing printed on stdout, so a cron job can capture it; everything else
 * goes to stderr. Exit 0 done, 1 refused or failed, 2 usage.
 */
export const backupUsage = `  backup [file|dir]  an online backup of the embedded database and the secrets into one .tar.gz
                     (default: ./replypilot-backup-<UTC time>.tar.gz; a directory gets that name inside it)
  restore <file>     restore a backup into DATA_DIR, which must be new or empty`;

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const EXTERNAL_BACKUP_ADVICE = `DATABASE_URL points at an external PostgreSQL server: back it up with that server's own tools, in its version:
  pg_dump --format=custom --file=replypilot.dump "$DATABASE_URL"    this database (restore it with pg_restore --clean --dbname=…)
  pg_basebackup --pgdata=/backups/replypilot --format=tar --gzip --wal-method=stream --dbname="<replication connection>"
                                                                    the whole server, physical (or your provider's snapshots)
Keep SESSION_SECRET and APP_ENCRYPTION_KEY with them: connected accounts' tokens are encrypted with APP_ENCRYPTION_KEY.`;

export async function runBackupCommand(args: string[]): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const [command, target] = args.filter((a) => !a.startsWith('-'));
  try {
    return command === 'restore' ? await restore(config, target) : await backup(config, target);
  } catch (err) {
    console.error(err instanceof RestoreRefused ? err.message : `${command} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

async function backup(config: Config, target: string | undefined): Promise<number> {
  if (config.database.mode === 'external') {
    console.error(EXTERNAL_BACKUP_ADVICE);
    return 1;
  }
  const dataDir = config.dataDir;
  if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
    console.error(`There is no embedded PostgreSQL cluster in ${path.join(dataDir, 'pg')}: nothing to back up (is DATA_DIR right?)`);
    return 1;
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const defaultName = `replypilot-backup-${stamp}.tar.gz`;
  const output = path.resolve(
    !target ? defaultName : target.endsWith('/') || (existsSync(target) && statSync(target).isDirectory()) ? path.join(target, defaultName) : target,
  );
  if (existsSync(output)) {
    console.error(`${output} exists already: a backup never overwrites a file`);
    return 1;
  }

  const started = Date.now();
  let running = await runningEmbeddedServer(dataDir);
  let stop: (() => Promise<void>) | undefined;
  if (!running) {
    console.error(`PostgreSQL is not running on ${dataDir}: starting it for the backup`);
    const server = await startEmbeddedPostgres({ dir: dataDir, port: config.database.port, database: 'replypilot' });
    stop = () => server.stop();
    running = { pid: 0, url: server.adminUrl };
  }
  try {
    const result = await onlineBackup({ dataDir, adminUrl: running.url, output, replypilotVersion: version });
    const m = result.manifest;
    console.error(
      `Backed up ${dataDir} (PostgreSQL ${m.postgres.version}, ${m.files} files, WAL ${m.postgres.startLsn} to ${m.postgres.stopLsn}) ` +
        `into ${(result.bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s.` +
        (m.secrets.length ? ` It holds ${m.secrets.join(' and ')}: keep it as private as the data directory.` : ''),
    );
    console.log(result.file);
    return 0;
  } finally {
    await stop?.();
  }
}

async function restore(config: Config, archive: string | undefined): Promise<number> {
  if (!archive) {
    console.error(`usage: replypilot restore <file>\n\n${backupUsage}`);
    return 2;
  }
  if (config.database.mode === 'external') {
    console.error(
      'DATABASE_URL points at an external PostgreSQL server: restore it with that server\'s own tools (pg_restore for a pg_dump file, or a base backup), not with "replypilot restore", which restores the embedded database into DATA_DIR.',
    );
    return 1;
  }
  const started = Date.now();
  console.error(`Restoring ${archive} into ${config.dataDir} …`);
  const { manifest } = await restoreBackup({ archive, dataDir: config.dataDir, port: await freePort() });
  console.error(
    `Restored the backup of ${manifest.createdAt} (Replypilot ${manifest.replypilotVersion}, PostgreSQL ${manifest.postgres.version}) ` +
      `into ${config.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s; PostgreSQL recovered it to the backup's end (${manifest.postgres.stopLsn}).\n` +
      `Start Replypilot on it with DATA_DIR=${config.dataDir}.`,
  );
  if (!manifest.secrets.includes('secrets.json')) {
    console.error(
      'The backup holds no secrets.json (that instance took SESSION_SECRET and APP_ENCRYPTION_KEY from its environment): start this one with the same values, or connected accounts must be reconnected.',
    );
  }
  return 0;
}

/** A loopback port nobody listens on, for the restore's one PostgreSQL start. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}
