import type { Agent } from 'node:https';
import { readFileSync } from 'node:fs';
import pino, { type Logger } from 'pino';
import { startWebServer, type WebServer } from '../api/http/server';
import type { OAuthEndpoints } from '../api/auth/passport';
import { loadConfig, type Config } from '../config/config';
import { resolveSecrets } from '../config/secrets';
import { platformDepsFromConfig } from '../activities/platform-deps';
import { connectDatabase, type Database } from '../db/client';
import { ReadRouter } from '../db/read-replica';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { createTokenCipher } from '../integrations/crypto/token-cipher';
import { startWorker, type WorkerHandle } from '../workers/worker';
import { createShardWakes } from '../workers/inbound/shard-wakes';
import type { ShardWakes } from '../db/inbound/wake-shards';
import { assertGraphileWorkerVersion } from '../db/jobs/graphile-internals';
import { timedStep } from '../workers/timed-step';

export type Role = 'web' | 'worker' | 'all';

export interface BootOptions {
  role: Role;
  env?: Record<string, string | undefined>;
  /** Mount Vite for hot reload instead of serving dist/ui. */
  dev?: boolean;
  /** Serve no UI at all (API-only tests). */
  noUi?: boolean;
  log?: Logger;
  oauthEndpoints?: OAuthEndpoints;
  /** Tests only: the TLS agent Web Push posts with (trusting a local stand-in push service's certificate). */
  pushAgent?: Agent;
}

export interface Replypilot {
  config: Config;
  database: Database;
  web?: WebServer;
  worker?: WorkerHandle;
  /** This process's in-memory wakes of inbound shard jobs, shared by its web ingest and its worker (ADR 0032). */
  shardWakes: ShardWakes;
  log: Logger;
  /** Stops in dependency order: stop taking requests, finish jobs, close the pool, stop PostgreSQL. */
  stop(): Promise<void>;
}

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The composition root: config → database → migrations → web and/or worker. */
export async function boot(opts: BootOptions): Promise<Replypilot> {
  const config = loadConfig(opts.env ?? process.env);
  const log =
    opts.log ??
    pino({
      level: config.logLevel,
      ...(process.stdout.isTTY && !config.isProduction
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } }
        : {}),
    });

  const cleanups: [step: string, fn: () => Promise<void>][] = [];
  const stopAll = async () => {
    for (const [step, fn] of cleanups.splice(0).reverse()) {
      await timedStep(log, step, fn).catch((err: unknown) => log.error({ err, step }, 'shutdown step failed'));
    }
  };

  try {
    // The job queue's private tables are used by exact version (db/jobs/graphile-internals.ts).
    assertGraphileWorkerVersion();
    let url: string;
    let embedded: EmbeddedDatabase | undefined;
    if (config.database.mode === 'external') {
      url = config.database.url;
    } else {
      log.info(`Starting embedded PostgreSQL (data in ${config.dataDir})`);
      embedded = await startEmbeddedPostgres({
        dir: config.dataDir,
        port: config.database.port,
        database: 'replypilot',
        log: (m) => log.debug({ component: 'postgres' }, m),
        notice: (m) => log.info({ component: 'postgres' }, m),
      });
      url = embedded.url;
      cleanups.push(['embedded postgres', () => embedded!.stop()]);
    }

    const database = connectDatabase(url, {
      // A flow job holds one connection for its run lock and borrows a second to deliver.
      max: opts.role === 'worker' ? config.workerConcurrency * 2 + 6 : 20 + config.workerConcurrency * 2,
      onError: (err) => log.warn({ err }, 'idle database client error'),
    });
    cleanups.push(['database pool', () => database.close()]);
    await runMigrations(database.pool);
    const secrets = await resolveSecrets(config);
    // A streaming standby for lag-tolerant reads (ADR 0039); only the web role reads from it.
    let replica: Database | undefined;
    if (config.databaseReadUrl && opts.role !== 'worker') {
      replica = connectDatabase(config.databaseReadUrl, {
        max: 20,
        applicationName: 'replypilot-read',
        onError: (err) => log.warn({ err }, 'idle read-replica client error'),
      });
      cleanups.push(['read-replica pool', () => replica!.close()]);
    }
    const reads = new ReadRouter(database.pool, replica?.pool ?? null, log);

    // Tracked links point at PUBLIC_URL; without it (development, tests on a random port) at this
    // process's own web server once it listens, and a worker-only process leaves links unwrapped.
    let linkBaseUrl: string | null = config.publicUrl ?? null;
    // One per process: where the web and the worker run together, an ingest signals a shard job
    // waiting in this process instead of adding a Graphile job (ADR 0032).
    const shardWakes = createShardWakes();
    let worker: WorkerHandle | undefined;
    if (opts.role !== 'web') {
      // Platform sends and account checks (Meta/X hosts, retry policy, token cipher), passed in. The
      // web role's sends (Social Messaging, "Check now") build theirs from the config and cipher
      // createApp hands the social-accounts routes.
      const platform = platformDepsFromConfig(config, createTokenCipher(secrets.encryptionKey));
      worker = await startWorker({
        pool: database.pool,
        concurrency: config.workerConcurrency,
        log,
        config: {
          ...config,
          push: {
            vapid: secrets.vapid,
            subject: config.vapid.subject,
            timeoutMs: config.platformHttpTimeoutMs,
            ...(opts.pushAgent ? { agent: opts.pushAgent } : {}),
          },
        },
        platform,
        linkBaseUrl: () => linkBaseUrl,
        shardWakes,
      });
      cleanups.push(['worker', () => worker!.stop()]);
    }

    let web: WebServer | undefined;
    if (opts.role !== 'worker') {
      // The admin console opens for nobody until the operator names themselves (config.ts isConsoleAdmin).
      if (!config.adminEmails?.length)
        log.info('Admin console (/admin) is closed: set ADMIN_EMAILS=you@example.com (comma-separated) to open it for those users');
      web = await startWebServer({
        config,
        secrets,
        database,
        reads,
        log,
        role: opts.role === 'web' ? 'web' : 'all',
        ui: opts.noUi ? 'none' : opts.dev ? 'dev' : 'static',
        version,
        shardWakes,
        port: config.port,
        host: config.host,
        ...(opts.oauthEndpoints ? { oauthEndpoints: opts.oauthEndpoints } : {}),
      });
      cleanups.push(['web server', () => web!.close()]);
      linkBaseUrl ??= web.url;
    }

    return { config, database, web, worker, shardWakes, log, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
