import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`: build the UI when dist/ui is missing or older than its sources, then run every
 * role in this process (`replypilot all`).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const built = path.join(root, 'dist/ui/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'ui'), path.join(root, 'contracts')];
const sourceTime = Math.max(...sources.map(newestMtime), statSync(path.join(root, 'vite.config.ts')).mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the UI (vite build)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.argv = [process.argv[0] ?? 'node', path.join(root, 'bin/replypilot.ts'), ...(process.argv.slice(2).length ? process.argv.slice(2) : ['all'])];
await import('./replypilot');
