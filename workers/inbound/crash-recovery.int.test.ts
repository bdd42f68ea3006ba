import { afterAll, beforeAll, expect, it } from 'vitest';
import { ingestEvents } from '../../db/inbound/ingest-events';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { killWorkerMidway, type SpawnedWorker } from '../../tests/support/worker-process';
import { newWorkspaceUser } from '../../tests/support/workspace';

/**
 * The invariant of the whole inbound pipeline: kill -9 the worker in the middle of 10,000 comments,
 * start another: every comment gets exactly one private reply — none twice, none missing.
 */
const COMMENTS = 10_000;
const workerEnv = { PRIVATE_REPLIES_PER_HOUR: '100000000', WORKER_STALE_AFTER_MS: '3000' };
let t: TestApp;
const children: SpawnedWorker[] = [];

beforeAll(async () => {
  t = await startTestApp({ role: 'web', env: workerEnv });
});
afterAll(async () => {
  for (const w of children) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  await t.stop();
});

it(`kill -9 during ${COMMENTS.toLocaleString('en')} comments: exactly one private reply each`, async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['deal'], responseTemplate: 'Here is your deal, {first_name}' });
  const { pool } = t.app.database;
  const now = new Date().toISOString();
  for (let batch = 0; batch < COMMENTS / 1000; batch++) {
    await ingestEvents(
      pool,
      Array.from({ length: 1000 }, (_, i) => {
        const n = batch * 1000 + i;
        return {
          provider: 'sandbox' as const,
          eventKey: `crash-${n}`,
          workspaceId: w.user.workspaceId,
          payload: {
            type: 'comment',
            accountId: w.instagram.id,
            postId: w.igPosts[0]!.externalId,
            commentId: `crash-${n}`,
            from: { id: `fan-${n % 700}`, name: `Fan ${n % 700}`, username: `fan${n % 700}` },
            text: 'is there a DEAL?',
            createdAt: now,
          },
        };
      }),
    );
  }

  const count = async (sql: string) => (await pool.query(sql)).rows[0].n as number;
  const delivered = () => count("select count(*)::int as n from sandbox_deliveries where kind = 'private_reply'");

  // Inbound events and sends share one FIFO: the first reply goes out once the 10,000 comments are
  // read, which on a busy 2-core machine takes well over a minute.
  const { second } = await killWorkerMidway(t.db.url, workerEnv, {
    progress: delivered,
    atLeast: 1500,
    total: COMMENTS,
    timeoutMs: 240_000,
    spawned: children,
  });
  await expect.poll(delivered, { timeout: 240_000, interval: 500 }).toBe(COMMENTS);
  await expect.poll(() => count('select count(*)::int as n from inbound_events where processed_at is null'), { timeout: 60_000 }).toBe(0);
  await expect.poll(() => count("select count(*)::int as n from outbound_ledger where status = 'queued'"), { timeout: 60_000 }).toBe(0);

  // Exactly once, per comment.
  expect(await count("select count(distinct comment_id)::int as n from sandbox_deliveries where kind = 'private_reply'")).toBe(COMMENTS);
  expect(await count("select count(*)::int as n from outbound_ledger where kind = 'private_reply' and status = 'sent'")).toBe(COMMENTS);
  expect(await count('select count(*)::int as n from comments')).toBe(COMMENTS);
  expect(await count("select count(*)::int as n from messages where source = 'comment_rule'")).toBe(COMMENTS);
  expect(await count("select count(*)::int as n from messages where source = 'comment_rule' and status <> 'sent'")).toBe(0);
  // The dead worker's locks were released by the watchdog, not by the 4-hour expiry.
  expect(second.output()).toMatch(/watchdog released the jobs of \d+ dead worker/);

  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 600_000);
