import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BUILD_INFO_FILE, type BuildInfo } from './precompress.vite-plugin';

/** What the built UI is made from: a change to any of these makes dist/ui stale. */
const SOURCES = ['ui', 'contracts', 'vite.config.ts', 'bin/precompress.vite-plugin.ts', 'package-lock.json'];

function newestMtime(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

const buildInfoSchema = z.object({ nodeEnv: z.enum(['production', 'development']), precompressed: z.boolean() });

function readBuildInfo(distDir: string): BuildInfo | undefined {
  try {
    const parsed = buildInfoSchema.safeParse(JSON.parse(readFileSync(path.join(distDir, BUILD_INFO_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why `npm start` must (re)build the UI, or undefined when dist/ui is a current production build.
 * A development build (NODE_ENV=development in the shell of an earlier `vite build`) ships React's
 * development bundle and no precompressed files, so it is rebuilt too.
 */
export function uiBuildReason(root: string, distDir = path.join(root, 'dist/ui')): string | undefined {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return 'the UI is not built yet';
  const info = readBuildInfo(distDir);
  if (!info) return 'the existing build predates precompression';
  if (info.nodeEnv !== 'production') return `the existing build is a ${info.nodeEnv} build`;
  if (!info.precompressed) return 'the existing build is not precompressed';
  const sourceTime = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (statSync(index).mtimeMs < sourceTime) return 'the UI sources changed since the last build';
  return undefined;
}

/**
 * `vite build` in a child process, always as a production build: NODE_ENV is forced, because a
 * `NODE_ENV=development` left in the shell would otherwise give React's development bundle.
 */
export function buildUi(root: string, extraArgs: string[] = [], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...extraArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production' },
  });
  return result.status ?? 1;
}
