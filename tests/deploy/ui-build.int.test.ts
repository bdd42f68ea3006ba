import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUi, uiBuildReason } from '../../bin/ui-build';

/**
 * `npm start` always serves a production, precompressed build without public source maps
 * it forces NODE_ENV=production on `vite build` and rebuilds a development build.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const temps: string[] = [];
async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
afterAll(async () => {
  for (const d of temps) await rm(d, { recursive: true, force: true });
});

it('builds a production, precompressed UI without source maps even when the shell says NODE_ENV=development', async () => {
  const outDir = await tempDir('replypilot-build-');
  const status = buildUi(root, ['--outDir', outDir], { ...process.env, NODE_ENV: 'development' });
  expect(status).toBe(0);
  expect(JSON.parse(readFileSync(path.join(outDir, '.build-info.json'), 'utf8'))).toEqual({ nodeEnv: 'production', precompressed: true });
  const assets = readdirSync(path.join(outDir, 'assets'));
  expect(assets.filter((f) => f.endsWith('.map'))).toEqual([]);
  const scripts = assets.filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  // Every script big enough to be worth it has both twins; index.html too.
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(outDir, 'index.html'), 'utf8'))?.[1];
  expect(entry).toBeDefined();
  expect(assets).toContain(`${entry}.br`);
  expect(assets).toContain(`${entry}.gz`);
  expect(existsSync(path.join(outDir, 'index.html.br'))).toBe(true);
  // React's development build carries its dev-only warnings; the production one does not.
  const bundle = scripts.map((f) => readFileSync(path.join(outDir, 'assets', f), 'utf8')).join('\n');
  expect(bundle).not.toContain('Each child in a list should have a unique');
  expect(bundle).not.toContain('react-stack-top-frame');
  expect(bundle).not.toMatch(/sourceMappingURL=/);
}, 180_000);

describe('when npm start rebuilds', () => {
  async function fakeProject(info: object | undefined) {
    const dir = await tempDir('replypilot-start-');
    for (const sub of ['ui/src', 'contracts', 'bin', 'dist/ui']) await mkdir(path.join(dir, sub), { recursive: true });
    await writeFile(path.join(dir, 'ui/src/main.tsx'), '');
    await writeFile(path.join(dir, 'contracts/x.ts'), '');
    await writeFile(path.join(dir, 'vite.config.ts'), '');
    const old = new Date(Date.now() - 60_000);
    for (const f of ['ui/src/main.tsx', 'contracts/x.ts', 'vite.config.ts']) await utimes(path.join(dir, f), old, old);
    await writeFile(path.join(dir, 'dist/ui/index.html'), '<div id="root"></div>');
    if (info) await writeFile(path.join(dir, 'dist/ui/.build-info.json'), JSON.stringify(info));
    return dir;
  }

  it('not for a current production build', async () => {
    expect(uiBuildReason(await fakeProject({ nodeEnv: 'production', precompressed: true }))).toBeUndefined();
  });

  it('for a missing build, a development build, a build from before precompression, or stale sources', async () => {
    const missing = await fakeProject(undefined);
    await rm(path.join(missing, 'dist/ui/index.html'));
    expect(uiBuildReason(missing)).toMatch(/not built/);
    expect(uiBuildReason(await fakeProject({ nodeEnv: 'development', precompressed: true }))).toMatch(/development build/);
    expect(uiBuildReason(await fakeProject(undefined))).toMatch(/predates precompression/);
    expect(uiBuildReason(await fakeProject({ nodeEnv: 'prod' }))).toMatch(/predates precompression/);
    const stale = await fakeProject({ nodeEnv: 'production', precompressed: true });
    await writeFile(path.join(stale, 'ui/src/main.tsx'), 'changed');
    const future = new Date(Date.now() + 5_000);
    await utimes(path.join(stale, 'ui/src/main.tsx'), future, future);
    expect(uiBuildReason(stale)).toMatch(/sources changed/);
  });
});
