import { beforeEach } from 'vitest';
import { failureContext } from './failure-context';

// Setup file (vitest.config.ts): when a test fails, print its error, what its servers logged and
// what its browser pages requested just before (tests/support/failure-context.ts). The error is
// repeated here because a test that then passes on its retry has it printed nowhere else.
beforeEach((ctx) => {
  ctx.onTestFailed(async ({ task }) => {
    const errors = (task.result?.errors ?? []).map((e) => (e.stack ?? e.message ?? String(e)).split('\n').slice(0, 8).join('\n'));
    const text = await failureContext();
    console.error(`\n=== the failed test "${task.name}" (attempt ${(task.result?.retryCount ?? 0) + 1}) ===\n${errors.join('\n')}\n${text}\n=== end ===\n`);
  });
});
