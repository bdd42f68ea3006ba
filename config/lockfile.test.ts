import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lockfileProblems, nonRegistrySpec, registryTarball, type LockEntry } from './lockfile';

// Dependency hygiene: every package npm ci installs comes from the registry, pinned by
// its hash. `node --import tsx bin/lockfile-resolved.ts` writes a missing registry `resolved`.
const root = new URL('../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { lockfileVersion: number; packages: Record<string, LockEntry> };
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as Record<string, Record<string, string> | undefined>;

describe('package-lock.json', () => {
  it('is a lockfile v3 with every package', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
  });

  it('pins every entry that is neither bundled nor a link to a registry tarball and its sha512 integrity', () => {
    expect(lockfileProblems(lock.packages)).toEqual([]);
  });

  it('refuses git, tarball-URL and path entries', () => {
    const bad: Record<string, LockEntry> = {
      'node_modules/a': { version: '1.0.0', resolved: 'git+ssh://git@github.com/x/a.git#abc', integrity: 'sha512-AAAA' },
      'node_modules/b': { version: '1.0.0', resolved: 'https://example.com/b-1.0.0.tgz', integrity: 'sha512-AAAA' },
      'node_modules/@s/c': { version: '2.0.0', resolved: registryTarball('@s/c', '2.0.0') },
      'node_modules/d': { version: '1.0.0', link: true },
      'node_modules/e/node_modules/f': { version: '1.0.0', inBundle: true },
    };
    expect(lockfileProblems(bad)).toEqual([
      'node_modules/a: resolved git+ssh://git@github.com/x/a.git#abc is not the registry tarball',
      'node_modules/b: resolved https://example.com/b-1.0.0.tgz is not the registry tarball',
      'node_modules/@s/c: no sha512 integrity',
    ]);
    expect(registryTarball('@s/c', '2.0.0')).toBe('https://registry.npmjs.org/@s/c/-/c-2.0.0.tgz');
  });
});

describe('package.json', () => {
  it('asks for registry versions only', () => {
    const specs = ['dependencies', 'devDependencies', 'optionalDependencies', 'overrides'].flatMap((field) => Object.entries(pkg[field] ?? {}));
    expect(specs.length).toBeGreaterThan(20);
    expect(specs.filter(([, spec]) => nonRegistrySpec(spec))).toEqual([]);
    expect(['github:x/y', 'git+https://g/x.git', 'https://x/y.tgz', 'file:../x', 'x/y'].every(nonRegistrySpec)).toBe(true);
    expect(['^1.2.3', '4.3.3', '~0.45.4', '>=1 <2', '17.10.0-beta.17'].some(nonRegistrySpec)).toBe(false);
  });
});
