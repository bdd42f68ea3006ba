import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { createCellFront } from '../api/cells/cell-front';
import { DirectoryCache } from '../api/cells/directory-cache';
import { ConfigError, loadConfig, type Config } from '../config/config';
import { resolveSecrets } from '../config/secrets';
import { ensureDirectorySchema } from '../db/cells/directory';
import { boot, type BootOptions, type Replypilot } from './boot';

export interface CellsWeb {
  config: Config;
  log: Logger;
  web: { url: string };
  /** Each cell's web stack (today's app in the web role over that cell's database). */
  cells: { name: string; app: Replypilot }[];
  directory: DirectoryCache;
  directoryPool: pg.Pool;
  stop(): Promise<void>;
}

/**
 * `replypilot web` with CELLS (ADR 0051, docs/scaling.md §3): one web stack per cell on loopback, and
 * the front on HOST:PORT that routes webhooks by account and requests by session through the
 * directory. Workers are not started here: each cell runs its own `replypilot worker`.
 */
export async function bootCells(opts: BootOptions): Promise<CellsWeb> {
  const env = opts.env ?? process.env;
  const config = loadConfig(env);
  if (!config.cells) throw new ConfigError(['bootCells needs CELLS and DIRECTORY_DATABASE_URL']);
  if (opts.role !== 'web') {
    throw new ConfigError(['With CELLS, run `replypilot web` (the front) and one `replypilot worker` per cell with DATABASE_URL set to that cell']);
  }
  const log = opts.log ?? pino({ level: config.logLevel });
  const cells: CellsWeb['cells'] = [];
  const stopCells = async () => {
    for (const c of cells.reverse()) await c.app.stop().catch((err: unknown) => log.error({ err, cell: c.name }, 'stopping a cell failed'));
  };
  try {
    for (const cell of config.cells.cells) {
      const app = await boot({
        ...opts,
        role: 'web',
        log: log.child({ cell: cell.name }),
        env: {
          ...env,
          DATABASE_URL: cell.databaseUrl,
          CELLS: undefined,
          DIRECTORY_DATABASE_URL: undefined,
          DATABASE_READ_URL: undefined,
          HOST: '127.0.0.1',
          PORT: '0',
          // The front is one more proxy hop in front of the cell; it appends the client's address.
          TRUST_PROXY: String(config.trustProxy + 1),
        },
      });
      cells.push({ name: cell.name, app });
    }
  } catch (err) {
    await stopCells();
    throw err;
  }
  const directoryPool = new pg.Pool({ connectionString: config.cells.directoryUrl, max: 4, application_name: 'replypilot-directory' });
  directoryPool.on('error', (err) => log.warn({ err }, 'cells directory connection error'));
  const directory = new DirectoryCache(directoryPool, log);
  let server: http.Server | undefined;
  try {
    await ensureDirectorySchema(directoryPool);
    await directory.start();
    const front = createCellFront({
      cells: cells.map((c) => ({ name: c.name, pool: c.app.database.pool, url: c.app.web!.url.replace('localhost', '127.0.0.1') })),
      directory,
      config,
      sessionSecret: (await resolveSecrets(config)).sessionSecret,
      log,
    });
    server = http.createServer(front);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.port, config.host, resolve);
    });
  } catch (err) {
    await directory.stop();
    await directoryPool.end();
    await stopCells();
    throw err;
  }
  const address = server.address() as AddressInfo;
  return {
    config,
    log,
    web: { url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${address.port}` },
    cells,
    directory,
    directoryPool,
    async stop() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      server!.closeAllConnections();
      await closed;
      await directory.stop();
      await directoryPool.end();
      await stopCells();
    },
  };
}
