import { setTimeout as sleep } from 'node:timers/promises';
import type { JobHelpers } from 'graphile-worker';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenCipher } from '../integrations/crypto/token-cipher';
import { startMetaGraphFake, type MetaGraphFake } from '../tests/fakes/meta-graph.fake';
import { igCommentsWebhook } from '../tests/fakes/meta-webhook-payloads';
import { fakePage, seedMetaAccounts } from '../tests/support/meta-accounts';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { newWorkspaceUser } from '../tests/support/workspace';
import { enqueueReconciliations } from '../db/reconcile/enqueue-reconciliations';
import { accountReconcileJob } from '../workers/jobs/account-reconcile.job';
import { reconcileOptions } from '../workers/worker';
import { platformDepsFromConfig, type PlatformDeps } from './platform-deps';
import { reconcileAccount, type ReconcileOptions } from './reconcile-account';

/**
 * Missed-webhook reconciliation (ADR 0014) against the Graph contract fake: comments that only the
 * platform has (their webhook was "lost") are read back into the normal inbound pipeline.
 */
let t: TestApp;
let fake: MetaGraphFake;
let deps: PlatformDeps;
let hook: string;

beforeAll(async () => {
  fake = await startMetaGraphFake();
  t = await startTestApp({ env: { ...fake.env, PRIVATE_REPLIES_PER_HOUR: '10000000', WORKER_CONCURRENCY: '8', RECONCILE_EVERY_MINUTES: '0' } });
  deps = platformDepsFromConfig(t.app.config, createTokenCipher('0'.repeat(64)));
  hook = `${t.baseUrl}/api/webhooks/facebook/webhook`;
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});

const pool = () => t.app.database.pool;
const count = async (sql: string, params: unknown[] = []) => (await pool().query<{ n: number }>(sql, params)).rows[0]!.n;
const options = (o: Partial<ReconcileOptions> = {}): ReconcileOptions => ({ ...reconcileOptions(1_000_000), ...o });
const privateRepliesTo = (commentId: string) => fake.sends.filter((s) => s.kind === 'private_reply' && s.recipient === commentId).length;
const eventsProcessed = () => count("select count(*)::int as n from inbound_events where provider = 'meta' and processed_at is null").then((n) => n === 0);

async function connectedWorkspace(prefix: string) {
  const w = await newWorkspaceUser(t.baseUrl);
  const page = fakePage(prefix);
  fake.addPage(page);
  const ids = await seedMetaAccounts(pool(), w.user.workspaceId, page);
  const rule = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['deal'], responseTemplate: 'Here is your deal' });
  expect(rule.status).toBe(201);
  return { w, page, igId: page.instagram!.id, igAccountId: ids.igAccountId! };
}

describe('missed-webhook reconciliation', () => {
  it('finds a comment whose webhook was lost and answers it exactly once; a late redelivery adds nothing', async () => {
    const { igId, igAccountId } = await connectedWorkspace('lost');
    const post = fake.addPost(igId);
    const comment = fake.addComment(post.id, { text: 'any deal today?', from: { id: 'fan-lost-1', username: 'fanlost' } });

    const first = await reconcileAccount(pool(), igAccountId, deps, options());
    expect(first).toEqual({ outcome: 'finished', read: 1, recovered: 1 });
    await expect.poll(() => privateRepliesTo(comment.id), { timeout: 20_000 }).toBe(1);

    // Meta redelivers the webhook after all: same key, nothing new.
    const res = await fake.deliverWebhook(
      hook,
      igCommentsWebhook(igId, [{ id: comment.id, text: comment.text, from: { id: 'fan-lost-1', username: 'fanlost' }, mediaId: post.id }]),
    );
    expect(res.status).toBe(200);
    // And the next run reads it again: still nothing new.
    expect(await reconcileAccount(pool(), igAccountId, deps, options())).toMatchObject({ outcome: 'finished', recovered: 0 });
    await expect.poll(eventsProcessed, { timeout: 10_000 }).toBe(true);
    await sleep(500);
    expect(privateRepliesTo(comment.id)).toBe(1);
    expect(await count('select count(*)::int as n from inbound_events where event_key = $1', [`comment:${comment.id}`])).toBe(1);
    expect(await count('select count(*)::int as n from comments where platform_comment_id = $1', [comment.id])).toBe(1);
    expect(await count("select count(*)::int as n from outbound_ledger where kind = 'private_reply' and account_id = $1", [igAccountId])).toBe(1);
    const state = await pool().query('select last_recovered, total_recovered, last_error from account_reconciliations where account_id = $1', [igAccountId]);
    expect(state.rows[0]).toEqual({ last_recovered: 0, total_recovered: 1, last_error: null });
  });

  it('follows the cursors over several pages of posts and comments, pacing every read through the account read bucket', async () => {
    const { igId, igAccountId } = await connectedWorkspace('pages');
    const posts = Array.from({ length: 12 }, (_, i) => fake.addPost(igId, { createdAt: new Date(Date.now() - (12 - i) * 60_000) }));
    const busy = posts[11]!;
    const ids = Array.from({ length: 35 }, (_, i) => fake.addComment(busy.id, { text: `deal ${i}`, from: { id: `fan-p-${i}`, username: `fanp${i}` } }).id);
    ids.push(fake.addComment(posts[0]!.id, { text: 'deal on the oldest post', from: { id: 'fan-p-old', username: 'fanpold' } }).id);
    const callsBefore = fake.calls.length;

    // 5 reads a second after a burst of 2: 2 media pages + 4 comment pages + 1 = 7 reads take over a second.
    const started = performance.now();
    const r = await reconcileAccount(pool(), igAccountId, deps, options({ pageSize: 10, readLimit: { perHour: 5 * 3600, burst: 2 } }));
    const elapsed = performance.now() - started;
    expect(r).toEqual({ outcome: 'finished', read: 36, recovered: 36 });
    expect(elapsed).toBeGreaterThan(900);

    const calls = fake.calls.slice(callsBefore).filter((c) => c.method === 'GET');
    const media = calls.filter((c) => c.path === `/${igId}/media`);
    expect(media.map((c) => c.query.after ?? null)).toEqual([null, expect.any(String)]);
    const busyPages = calls.filter((c) => c.path === `/${busy.id}/comments`);
    expect(busyPages).toHaveLength(4);
    expect(new Set(busyPages.map((c) => c.query.after ?? '')).size).toBe(4);
    // Posts without comments are not read (Instagram's comments_count).
    expect(calls.filter((c) => c.path.endsWith('/comments'))).toHaveLength(5);
    // The reads used their own bucket, not a send's.
    expect(await count("select count(*)::int as n from send_rate_limits where account_id = $1 and kind = 'graph_read'", [igAccountId])).toBe(1);
    await expect.poll(() => ids.filter((id) => privateRepliesTo(id) === 1).length, { timeout: 30_000 }).toBe(36);
  });

  it('hands its worker slot back when the read bucket is full, keeping its cursor', async () => {
    const { igId, igAccountId } = await connectedWorkspace('paced');
    fake.addComment(fake.addPost(igId).id, { text: 'deal?', from: { id: 'fan-paced', username: 'fanpaced' } });
    const before = await pool().query('select reconciled_through from account_reconciliations where account_id = $1', [igAccountId]);
    expect(before.rowCount).toBe(0);
    // One read a minute, a burst of one: the second read's slot is a minute away.
    const r = await reconcileAccount(pool(), igAccountId, deps, options({ readLimit: { perHour: 60, burst: 1 }, maxWaitMs: 1000 }));
    expect(r.outcome).toBe('paused');
    if (r.outcome !== 'paused') return;
    expect(r.retryAt.getTime() - Date.now()).toBeGreaterThan(30_000);
    const after = await pool().query('select reconciled_through, last_error from account_reconciliations where account_id = $1', [igAccountId]);
    expect(after.rows[0].reconciled_through).toBeNull();
    expect(after.rows[0].last_error).toMatch(/read budget/);
  });

  it('records a comment older than 7 days without answering it, and says so in the activity feed', async () => {
    const { w, igId, igAccountId } = await connectedWorkspace('old');
    // Connected 10 days ago; the server saw nothing since (downtime).
    await pool().query("update social_accounts set connected_at = now() - interval '10 days' where id = $1", [igAccountId]);
    const post = fake.addPost(igId, { createdAt: new Date(Date.now() - 9 * 86_400_000) });
    const old = fake.addComment(post.id, { text: 'deal?', from: { id: 'fan-old', username: 'fanold' }, createdAt: new Date(Date.now() - 8 * 86_400_000) });
    const recent = fake.addComment(post.id, { text: 'deal!', from: { id: 'fan-new', username: 'fannew' }, createdAt: new Date(Date.now() - 86_400_000) });

    expect(await reconcileAccount(pool(), igAccountId, deps, options())).toMatchObject({ outcome: 'finished', recovered: 2 });
    await expect.poll(() => privateRepliesTo(recent.id), { timeout: 20_000 }).toBe(1);
    await expect.poll(eventsProcessed, { timeout: 10_000 }).toBe(true);
    expect(privateRepliesTo(old.id)).toBe(0);
    expect(await count('select count(*)::int as n from comments where platform_comment_id = $1', [old.id])).toBe(1);
    expect(await count('select count(*)::int as n from outbound_ledger where target = $1', [old.id])).toBe(0);
    const activity = await pool().query<{ message: string }>(
      "select message from automation_activity where workspace_id = $1 and action = 'comment_outside_reply_window'",
      [w.user.workspaceId],
    );
    expect(activity.rows).toHaveLength(1);
    expect(activity.rows[0]!.message).toMatch(/fanold.*recorded but not answered: it is 8 days old/);
  });

  it('runs as a job and shows its result on the account list', async () => {
    const { w, igId, igAccountId } = await connectedWorkspace('job');
    fake.addComment(fake.addPost(igId).id, { text: 'deal', from: { id: 'fan-job', username: 'fanjob' } });
    expect(await enqueueReconciliations(pool(), { accountIds: [igAccountId] })).toBe(1);
    const reconciliation = async () => {
      const res = await w.client.get('/api/social-accounts');
      return (res.data as { id: string; reconciliation: unknown }[]).find((a) => a.id === igAccountId)?.reconciliation;
    };
    await expect
      .poll(reconciliation, { timeout: 20_000 })
      .toMatchObject({ lastReconciledAt: expect.any(String), lastRecovered: 1, totalRecovered: 1, lastError: null });
  });

  it('requests for many accounts are ONE job that works through them one at a time; each account is reconciled once', async () => {
    const workspaces = await Promise.all(Array.from({ length: 5 }, (_, i) => connectedWorkspace(`many${i}`)));
    const comments = workspaces.map(({ igId }, i) =>
      fake.addComment(fake.addPost(igId).id, { text: 'deal?', from: { id: `fan-many-${i}`, username: `fanmany${i}` } }),
    );
    const accountIds = workspaces.map((w) => w.igAccountId);
    const jobsNow = (c: Pick<pg.PoolClient, 'query'>) =>
      c.query<{ n: number }>("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'account.reconcile'").then((r) => r.rows[0]!.n);
    const client = await pool().connect();
    try {
      await client.query('begin');
      expect(await enqueueReconciliations(client, { accountIds })).toBe(5);
      // Asked for twice: the same requests, still one job.
      expect(await enqueueReconciliations(client, { accountIds })).toBe(5);
      expect(await jobsNow(client)).toBe(1);
      await client.query('commit');
    } finally {
      client.release();
    }
    await expect.poll(() => comments.filter((c) => privateRepliesTo(c.id) === 1).length, { timeout: 30_000 }).toBe(5);
    await expect
      .poll(
        () =>
          count(
            'select count(*)::int as n from account_reconciliations where account_id = any($1::uuid[]) and requested_at is null and last_finished_at is not null',
            [accountIds],
          ),
        {
          timeout: 20_000,
        },
      )
      .toBe(5);
    await expect.poll(() => jobsNow(pool()), { timeout: 10_000 }).toBe(0);
    expect(comments.map((c) => privateRepliesTo(c.id))).toEqual([1, 1, 1, 1, 1]);
  });

  it('a paused run keeps its request until its retry time, and the job comes back then', async () => {
    const { igId, igAccountId } = await connectedWorkspace('pausedjob');
    fake.addComment(fake.addPost(igId).id, { text: 'deal?', from: { id: 'fan-pj', username: 'fanpj' } });
    // The request without its job (the app's worker would take it): this test runs the job itself.
    await pool().query(
      `insert into account_reconciliations (account_id, workspace_id, requested_at) select id, workspace_id, now() from social_accounts where id = $1`,
      [igAccountId],
    );
    const logged: string[] = [];
    const logger = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
    const job = accountReconcileJob(pool(), deps, options({ readLimit: { perHour: 60, burst: 1 }, maxWaitMs: 1000 }), { turnMs: 10_000 });
    await job({}, { logger, abortSignal: undefined } as unknown as JobHelpers);
    const row = await pool().query<{ requested_at: Date | null; not_before: Date | null }>(
      'select requested_at, not_before from account_reconciliations where account_id = $1',
      [igAccountId],
    );
    expect(row.rows[0]!.requested_at).not.toBeNull();
    expect(row.rows[0]!.not_before!.getTime() - Date.now()).toBeGreaterThan(30_000);
    const next = await pool().query<{ run_at: Date }>(
      "select run_at from graphile_worker.jobs where task_identifier = 'account.reconcile' and key = 'reconcile:next'",
    );
    expect(next.rows.map((r) => r.run_at.getTime())).toEqual([row.rows[0]!.not_before!.getTime()]);
    // Reconnected meanwhile: asked for again, the pause no longer holds it.
    await enqueueReconciliations(pool(), { accountIds: [igAccountId] });
    expect((await pool().query('select not_before from account_reconciliations where account_id = $1', [igAccountId])).rows[0].not_before).toBeNull();
  });
});
