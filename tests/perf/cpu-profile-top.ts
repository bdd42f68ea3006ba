import { readFileSync } from 'node:fs';

/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): the top functions by self time and the share of
 * time per package / folder. Usage: node --import tsx tests/perf/cpu-profile-top.ts <file.cpuprofile> [top=40]
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
const file = process.argv[2];
if (!file) {
  console.error('usage: node --import tsx tests/perf/cpu-profile-top.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(process.argv[3] ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (url: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return url;
  const r = /\/(api|db|workers|activities|integrations|contracts|config|workflows|flow-compiler|bin)\//.exec(url);
  return r ? `${r[1]}/` : url === '' ? '(native)' : 'other';
};
const fn = new Map<string, number>();
const pkg = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  const name = n.callFrame.functionName || '(anonymous)';
  const key = `${name}  ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/wt-[^/]+\//, '')}:${n.callFrame.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + us);
  const p = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : where(n.callFrame.url);
  pkg.set(p, (pkg.get(p) ?? 0) + us);
}
const show = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .forEach(([k, us]) => console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`));
console.log(`total ${(total / 1000).toFixed(0)} ms sampled\n\nby package / folder:`);
show(pkg, 25);
console.log('\ntop functions by self time:');
show(fn, top);
