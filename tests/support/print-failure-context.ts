import { beforeEach } from 'vitest';
import { failureContext } from './failure-context';

// Setup file (vitest.config.ts): when a test fails, print what its servers logged and what its
// browser pages requested just before (tests/support/failure-context.ts).
beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    const text = await failureContext();
    if (text) console.error(`\n=== context of the failed test "${ctx.task.name}" ===\n${text}\n=== end of context ===\n`);
  });
});
