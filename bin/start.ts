import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildUi, uiBuildReason } from './ui-build';

/**
 * `npm start`: build the UI (production, precompressed) when dist/ui is missing, stale or a
 * development build, then run every role in this process (`replypilot all`).
 */
const root = fileURLToPath(new URL('..', import.meta.url));

const reason = uiBuildReason(root);
if (reason) {
  console.log(`Building the UI (${reason})…`);
  const status = buildUi(root);
  if (status !== 0) process.exit(status);
}

process.argv = [process.argv[0] ?? 'node', path.join(root, 'bin/replypilot.ts'), ...(process.argv.slice(2).length ? process.argv.slice(2) : ['all'])];
await import('./replypilot');
