import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Local imports of one file, `import type` and re-exports included (lint's no-cycle skips type imports). */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/\b(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) => path.resolve(path.dirname(file), s.endsWith('.ts') ? s : `${s}.ts`)).filter((p) => known.has(p));
}

function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      const cycle = visit(m);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of graph.keys()) {
    const cycle = visit(n);
    if (cycle) return cycle;
  }
  return null;
}

describe('activities/ import graph', () => {
  it('has no cycle, type imports included (the platform drivers import the protocol, never the activity that picks them)', () => {
    const files = sources(root);
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
    expect(graph.get(path.join(root, 'sends/meta.ts'))).toContain(path.join(root, 'sends/at-most-once.ts'));
    expect(graph.get(path.join(root, 'send-outbound.activity.ts'))).toContain(path.join(root, 'sends/meta.ts'));
    const cycle = findCycle(graph);
    expect(cycle?.map((f) => path.relative(root, f)) ?? null).toBeNull();
  });
});
