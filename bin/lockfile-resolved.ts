/**
 * Writes the registry tarball URL as `resolved` into every package-lock.json entry that lacks one
 * (config/lockfile.test.ts wants it). npm omits it when `omit-lockfile-registry-resolved` is on in
 * a user's npmrc; the repo's .npmrc turns that off, but npm does not rewrite entries it already has.
 * Usage: node --import tsx bin/lockfile-resolved.ts   (then `npm ci --dry-run` to check)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { packageName, registryTarball, type LockEntry } from '../config/lockfile';

const file = new URL('../package-lock.json', import.meta.url);
const text = readFileSync(file, 'utf8');
const lock = JSON.parse(text) as { packages: Record<string, LockEntry> };
let filled = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (path === '' || entry.link || entry.inBundle || entry.resolved || !entry.version) continue;
  // `resolved` sits between version and integrity, where npm writes it.
  const ordered: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(entry)) {
    ordered[k] = v;
    if (k === 'version') ordered.resolved = registryTarball(packageName(path, entry), entry.version);
  }
  lock.packages[path] = ordered as LockEntry;
  filled++;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`resolved written for ${filled} entries`);
