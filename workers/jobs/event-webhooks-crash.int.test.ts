import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eventWebhookService } from '../../api/features/event-webhooks/event-webhooks.service';
import { createUserWithWorkspace } from '../../db/auth/users';
import { emitEvents } from '../../db/event-webhooks/emit-events';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { startWebhookSink } from '../../tests/support/webhook-sink';
import { killWorkerMidway, type SpawnedWorker } from '../../tests/support/worker-process';

/**
 * kill -9 of a worker in the middle of a batch of event webhook deliveries: the receiver, which
 * de-duplicates by `webhook-id`, ends up with every event exactly once; what the dead worker had
 * claimed and not recorded is sent again by the next worker after its lease, with the same id.
 */
const TOTAL = 300;
let db: TestDatabase;
let pool: pg.Pool;
let sink: Awaited<ReturnType<typeof startWebhookSink>>;
const spawned: SpawnedWorker[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  // Slow answers (up to 1.5 s), so the kill lands while calls are in flight.
  sink = await startWebhookSink({ delayMs: () => Math.random() * 1500 });
});
afterAll(async () => {
  for (const w of spawned) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  await sink.close();
  await pool.end();
  await db.drop();
});

describe('event webhooks across a kill -9', () => {
  it('no event is lost and a de-duplicating receiver sees each once', { timeout: 60_000 }, async () => {
    const u = await createUserWithWorkspace(pool, { email: 'crash@example.com', firstName: 'Crash' });
    if (u === 'email_taken') throw new Error('taken');
    // The worker's APP_ENCRYPTION_KEY (tests/support/worker-process.ts).
    const service = eventWebhookService(pool, { cipher: createTokenCipher('0'.repeat(64)), guard: { allowLoopback: true } });
    const s = await service.create({ workspaceId: u.workspaceId, userId: u.id }, { url: sink.url, events: ['message.received'], description: '' });
    sink.secrets.push(s.secret);
    await emitEvents(
      pool,
      Array.from({ length: TOTAL }, (_, i) => ({ workspaceId: u.workspaceId, type: 'message.received' as const, data: { n: i } })),
    );
    const env = { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_TIMEOUT_MS: '3000' };
    const { atKill } = await killWorkerMidway(db.url, env, {
      progress: async () => sink.byId.size,
      atLeast: 30,
      total: TOTAL,
      timeoutMs: 30_000,
      spawned,
    });
    expect(atKill).toBeLessThan(TOTAL);
    await expect.poll(() => sink.byId.size, { timeout: 40_000, interval: 250 }).toBe(TOTAL);
    const rows = await pool.query<{ status: string; n: number }>('select status, count(*)::int as n from event_webhook_deliveries group by status');
    await expect
      .poll(async () => (await pool.query<{ n: number }>(`select count(*)::int as n from event_webhook_deliveries where status = 'delivered'`)).rows[0]!.n, {
        timeout: 20_000,
      })
      .toBe(TOTAL);
    expect(rows.rows.every((r) => r.status !== 'failed')).toBe(true);
    expect([...sink.byId.values()].every((d) => d.verified)).toBe(true);
    const n = new Set([...sink.byId.values()].map((d) => (d.payload as { data: { n: number } }).data.n));
    expect(n.size).toBe(TOTAL);
    // Some were sent twice (claimed, not recorded, when the worker died): the second time with the same webhook-id.
    expect(sink.count()).toBeGreaterThan(TOTAL);
    expect(new Set(sink.received.map((r) => r.id)).size).toBe(TOTAL);
  });
});
