import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * Repo-wide rules that eslint also enforces (eslint.config.js, replypilot/*), checked here on the
 * raw text too, so a file eslint ignores or a disabled rule cannot let them back in.
 */
const root = path.resolve(import.meta.dirname, '..');
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !/\.test\.tsx?$/.test(f) && !f.startsWith('tests/') && !f.startsWith('node_modules/'));
const matching = (pattern: RegExp) =>
  sources.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      return []; // deleted in the working tree
    }
    return text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
  });

it('no z.custom<T>() outside tests: stored and received JSON is parsed with schemas from contracts/', () => {
  expect(matching(new RegExp('z\\.custom' + '\\s*<'))).toEqual([]);
});

it('no task name spelled in add_job SQL: job_spec rows come from db/jobs/job-spec.ts, names and keys from contracts/jobs.ts', () => {
  const bare = [new RegExp('add_jobs?\\(\\s*' + "'"), new RegExp('row\\(\\s*' + "'[a-z]+[.:][a-z]")];
  expect(matching(bare[0]!)).toEqual([]);
  expect(matching(bare[1]!)).toEqual([]);
});

it("the platforms' reply windows are defined once (contracts/platform-windows.ts) and every rule that applies them reads them there", () => {
  // No other *_WINDOW_* constant, and no window spelled as a number where the windows are applied.
  const declared = matching(new RegExp('\\b(const|let)\\s+\\w*' + '(REPLY|MESSAGING|DM|AGENT)_WINDOW\\w*\\s*=')).filter(
    (l) => !l.startsWith('contracts/platform-windows.ts:'),
  );
  expect(declared).toEqual([]);
  const appliers = [
    'flow-compiler/compile.ts',
    'workers/inbound/comments.ts',
    'workers/inbound/messages.ts',
    'activities/send-windows.ts',
    'activities/flow-send.activity.ts',
    'db/broadcasts/segment-sql.ts',
    'db/broadcasts/audience.ts',
    'db/broadcasts/dispatch-broadcast.ts',
    'db/sequences/advance-enrollment.ts',
  ];
  for (const file of appliers) {
    const text = readFileSync(path.join(root, file), 'utf8');
    expect(text, file).toContain('contracts/platform-windows');
    const code = text
      .split('\n')
      .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
      .join('\n');
    expect(code.match(new RegExp("interval '(24 hours|7 days)'|\\b7 \\* DAY|86_400_000|\\b" + 'DAY_MS\\b', 'g')) ?? [], file).toEqual([]);
  }
});
