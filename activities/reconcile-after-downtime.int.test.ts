import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMetaGraphFake, type MetaGraphFake } from '../tests/fakes/meta-graph.fake';
import { fakePage, seedMetaAccounts } from '../tests/support/meta-accounts';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { newWorkspaceUser } from '../tests/support/workspace';

/**
 * After the app's own downtime (ADR 0014): the server is stopped, 200 comments arrive at the
 * platform with no webhook reaching us, the server starts again, and the boot-time reconciliation
 * answers every comment inside the 7-day window exactly once.
 */
const COMMENTS = 200;
const env = (fake: MetaGraphFake) => ({ ...fake.env, PRIVATE_REPLIES_PER_HOUR: '10000000', WORKER_CONCURRENCY: '8', RECONCILE_EVERY_MINUTES: '15' });
let fake: MetaGraphFake;
let t: TestApp;

beforeAll(async () => {
  fake = await startMetaGraphFake();
  t = await startTestApp({ env: env(fake) });
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});

it(`stop, ${COMMENTS} comments without webhooks, start: each answered exactly once`, async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['deal'], responseTemplate: 'Here is your deal' });
  const page = fakePage('downtime');
  fake.addPage(page);
  const { igAccountId } = await seedMetaAccounts(t.app.database.pool, w.user.workspaceId, page);
  const igId = page.instagram!.id;
  const posts = Array.from({ length: 4 }, () => fake.addPost(igId));

  await t.app.stop(); // the database stays
  const ids = Array.from(
    { length: COMMENTS },
    (_, i) => fake.addComment(posts[i % posts.length]!.id, { text: `deal please #${i}`, from: { id: `fan-d-${i}`, username: `fand${i}` } }).id,
  );
  // And one from before the window, which must be recorded but not answered.
  const stale = fake.addComment(posts[0]!.id, {
    text: 'deal?',
    from: { id: 'fan-d-stale', username: 'fandstale' },
    createdAt: new Date(Date.now() - 8 * 86_400_000),
  });
  // The last thing we knew of this account is 10 days old (as if the server had been down that long).
  const admin = new pg.Pool({ connectionString: t.db.url, max: 1 });
  await admin.query("update social_accounts set connected_at = now() - interval '10 days' where id = $1", [igAccountId]);
  await admin.query('delete from account_reconciliations where account_id = $1', [igAccountId]);
  await admin.end();

  const started = performance.now();
  t = await startTestApp({ env: env(fake), db: t.db });
  const pool = t.app.database.pool;
  const replied = () => ids.filter((id) => fake.sends.some((s) => s.kind === 'private_reply' && s.recipient === id)).length;
  await expect.poll(replied, { timeout: 90_000, interval: 250 }).toBe(COMMENTS);
  const seconds = (performance.now() - started) / 1000;

  const perComment = new Map<string, number>();
  for (const s of fake.sends.filter((x) => x.kind === 'private_reply')) perComment.set(s.recipient, (perComment.get(s.recipient) ?? 0) + 1);
  expect([...perComment.values()].every((n) => n === 1)).toBe(true);
  expect(perComment.has(stale.id)).toBe(false);
  const count = async (sql: string, params: unknown[] = []) => (await pool.query<{ n: number }>(sql, params)).rows[0]!.n;
  await expect.poll(() => count('select count(*)::int as n from inbound_events where processed_at is null'), { timeout: 10_000 }).toBe(0);
  expect(await count('select count(*)::int as n from comments where account_id = $1', [igAccountId])).toBe(COMMENTS + 1);
  expect(
    await count("select count(*)::int as n from automation_activity where action = 'comment_outside_reply_window' and workspace_id = $1", [w.user.workspaceId]),
  ).toBe(1);
  const state = await pool.query('select last_recovered, total_recovered from account_reconciliations where account_id = $1', [igAccountId]);
  expect(state.rows[0]).toMatchObject({ total_recovered: COMMENTS + 1 });
  console.log(`downtime recovery: ${COMMENTS} comments answered ${seconds.toFixed(1)} s after restart`);
}, 120_000);
