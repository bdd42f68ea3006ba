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
