import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FlowErrorCode } from '../contracts/flows';
import { nodeKinds } from '../contracts/flows';
import { compile } from './compile';
import { goldenCases } from './golden-cases';

const dir = path.join(import.meta.dirname, 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

describe('compile (golden files: flow-compiler/golden/<case>.json; UPDATE_GOLDEN=1 rewrites them)', () => {
  for (const c of goldenCases) {
    it(c.name, () => {
      const result = compile(c.graph, c.platform);
      const file = path.join(dir, `${c.name}.json`);
      const actual = `${JSON.stringify(result, null, 2)}\n`;
      if (update || !existsSync(file)) writeFileSync(file, actual);
      expect(actual).toBe(readFileSync(file, 'utf8'));
      expect(result.ok).toBe(c.name.startsWith('valid-'));
    });
  }

  it('covers every node kind with a valid flow', () => {
    const used = new Set(goldenCases.filter((c) => c.name.startsWith('valid-')).flatMap((c) => c.graph.nodes.map((n) => n.data.kind)));
    expect(nodeKinds.filter((k) => !used.has(k))).toEqual([]);
  });

  it('covers every error code with a broken flow', () => {
    const all: FlowErrorCode[] = [
      'no_trigger',
      'multiple_triggers',
      'unknown_kind',
      'invalid_config',
      'dangling_edge',
      'unreachable',
      'missing_branch',
      'unknown_branch',
      'multiple_exits',
      'cycle_without_wait',
      'trigger_has_input',
      'channel_mismatch',
      'public_reply_needs_comment',
      'outside_window',
      'reply_options',
    ];
    const seen = new Set(
      goldenCases.flatMap((c) => {
        const r = compile(c.graph, c.platform);
        return r.ok ? [] : r.errors.map((e) => e.code);
      }),
    );
    expect(all.filter((code) => !seen.has(code))).toEqual([]);
  });

  it('is deterministic and does not mutate its input', () => {
    for (const c of goldenCases) {
      const before = JSON.stringify(c.graph);
      expect(JSON.stringify(compile(c.graph, c.platform))).toBe(JSON.stringify(compile(c.graph, c.platform)));
      expect(JSON.stringify(c.graph)).toBe(before);
    }
  });
});
