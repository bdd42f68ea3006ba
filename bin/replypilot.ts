#!/usr/bin/env -S node --import tsx
import { ConfigError, loadConfig } from '../config/config';
import { backupUsage, runBackupCommand } from './backup-commands';
import { boot, type Role } from './boot';
import { bootCells } from './cells';
import { listenNotice } from '../api/http/listen-notice';

const roles: Role[] = ['web', 'worker', 'all'];
const usage = `usage: replypilot [web|worker|all] [--dev]
       replypilot backup [file|dir] | restore <file>

  all     web + worker in one process (default; what \`npm start\` runs)
  web     HTTP API, webhooks, /ws and the UI
  worker  job runner and timers
  --dev   hot-reloading UI through Vite (npm run dev)
${backupUsage}`;

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  const roleArg = args.find((a) => !a.startsWith('-')) ?? 'all';
  if (roleArg === 'backup' || roleArg === 'restore') {
    // exitCode, not exit(): the archive's path on stdout must reach a pipe before the process ends.
    process.exitCode = await runBackupCommand(args);
    return;
  }
  if (!roles.includes(roleArg as Role)) {
    console.error(`Unknown role "${roleArg}".\n\n${usage}`);
    process.exit(2);
  }
  const role = roleArg as Role;

  let app: Pick<Awaited<ReturnType<typeof boot>>, 'config' | 'log' | 'stop'> & { web?: { url: string } };
  try {
    // CELLS (ADR 0051): this web process fronts one web stack per cell; otherwise one database, as always.
    const cells = loadConfig(process.env).cells !== null;
    app = cells ? await bootCells({ role, dev: args.includes('--dev') }) : await boot({ role, dev: args.includes('--dev') });
  } catch (err) {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error('Replypilot failed to start:', err);
    process.exit(1);
  }

  if (app.web) {
    app.log.info(`Replypilot (${role}) is running at ${app.config.publicUrl ?? app.web.url}`);
    const notice = listenNotice(app.config);
    if (notice) app.log[notice.level](notice.message);
  } else {
    app.log.info('Replypilot worker is running');
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      app.log.warn('Forced exit');
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received, shutting down (press Ctrl-C again to force)`);
    app.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
