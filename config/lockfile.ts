/**
 * What every installed package must be (config/lockfile.test.ts): a tarball from the npm registry,
 * pinned by its integrity hash. No git dependencies, no tarball URLs elsewhere, no local paths: what
 * `npm ci` installs is exactly what the registry published under that hash (docs/security.md).
 */
export const NPM_REGISTRY = 'https://registry.npmjs.org/';

export interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  inBundle?: boolean;
}

/** The package name of a lockfile path (`node_modules/a/node_modules/@s/b` → `@s/b`), or its alias's real name. */
export function packageName(path: string, entry: LockEntry): string {
  return entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** The registry's tarball URL of a version, as `npm view <name>@<version> dist.tarball` gives it. */
export function registryTarball(name: string, version: string): string {
  return `${NPM_REGISTRY}${name}/-/${name.split('/').pop()}-${version}.tgz`;
}

/** Each entry that is neither bundled nor a link and lacks a registry `resolved` or an integrity hash, with why. */
export function lockfileProblems(packages: Record<string, LockEntry>): string[] {
  return Object.entries(packages).flatMap(([path, entry]) => {
    if (path === '' || entry.link || entry.inBundle) return [];
    const problems: string[] = [];
    if (!entry.integrity || !/^sha512-[A-Za-z0-9+/]+=*$/.test(entry.integrity)) problems.push('no sha512 integrity');
    if (!entry.version) problems.push('no version');
    else if (entry.resolved !== registryTarball(packageName(path, entry), entry.version)) {
      problems.push(`resolved ${entry.resolved ?? '(missing)'} is not the registry tarball`);
    }
    return problems.map((p) => `${path}: ${p}`);
  });
}

/** A dependency spec in package.json that does not come from the registry (git, GitHub, a URL, a path, an alias). */
export function nonRegistrySpec(spec: string): boolean {
  return /^(git|github:|gitlab:|bitbucket:|https?:|file:|link:|npm:|workspace:|\.|\/)|\//.test(spec);
}
