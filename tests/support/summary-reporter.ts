import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: "N passed, N failed[, N skipped]", and before it every
 * test that passed only on a retry (browser tests retry once, vitest.config.ts): a flake is named
 * in the output, not hidden by its second run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const m of modules) {
      let failedHere = 0;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
        if (state === 'passed' && t.diagnostic()?.flaky) flaky.push(`${m.moduleId.replace(`${process.cwd()}/`, '')} > ${t.fullName}`);
      }
      // A file that failed outside any test (a hook, an import) counts as one failure.
      if (m.state() === 'failed' && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    failed += errors.length;
    if (flaky.length) process.stdout.write(`\npassed only on a retry (flaky, see the failure context above):\n${flaky.map((f) => `  ${f}`).join('\n')}\n`);
    const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`\n${line}\n`);
  }
}
