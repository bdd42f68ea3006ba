import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenCipher } from '../integrations/crypto/token-cipher';
import { startMetaGraphFake, type MetaGraphFake } from '../tests/fakes/meta-graph.fake';
import { messagingWebhook } from '../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../tests/support/flows';
import { fakePage, seedMetaAccounts } from '../tests/support/meta-accounts';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { newWorkspaceUser } from '../tests/support/workspace';
import { reconcileOptions } from '../workers/worker';
import { platformDepsFromConfig, type PlatformDeps } from './platform-deps';
import { reconcileAccount, type ReconcileOptions } from './reconcile-account';

/**
 * Missed-webhook reconciliation of direct messages (ADR 0014) against the Graph contract fake: DMs
 * that only the platform has (their webhook was "lost") are read back through the Conversations API
 * into the normal inbound pipeline, keyed as their webhook would have been.
 */
let t: TestApp;
let fake: MetaGraphFake;
let deps: PlatformDeps;
let hook: string;

beforeAll(async () => {
  fake = await startMetaGraphFake();
  t = await startTestApp({ env: { ...fake.env, WORKER_CONCURRENCY: '4', RECONCILE_EVERY_MINUTES: '0' } });
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
const eventsProcessed = () => count("select count(*)::int as n from inbound_events where provider = 'meta' and processed_at is null").then((n) => n === 0);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function connectedWorkspace(prefix: string) {
  const w = await newWorkspaceUser(t.baseUrl);
  const page = fakePage(prefix);
  fake.addPage(page);
  const ids = await seedMetaAccounts(pool(), w.user.workspaceId, page);
  return { w, page, igId: page.instagram!.id, igAccountId: ids.igAccountId!, pageAccountId: ids.pageAccountId };
}

describe('missed-webhook reconciliation of DMs', () => {
  it('finds a DM whose webhook was lost, runs its keyword flow once, and a later redelivery adds nothing', async () => {
    const { w, igId, igAccountId } = await connectedWorkspace('dmlost');
    const flowId = await publishFlow(
      w.client,
      { nodes: [keywordTrigger(['price']), node('2', 'instagramDM', { text: 'Our price list is on its way' })], edges: [edge('1', '2')] },
      'Price DM',
      'instagram',
    );
    const thread = fake.addConversation(igId, { id: 'igsid-dm-lost', username: 'dmfan' });
    const dm = fake.addMessage(thread.id, { text: 'what is the price?', createdAt: minutesAgo(3) });
    // The account's own answer in the same thread (typed in Meta's inbox): an echo, never an inbound DM.
    const own = fake.addMessage(thread.id, { text: 'hi! checking for you', fromAccount: true, createdAt: minutesAgo(2) });

    const first = await reconcileAccount(pool(), igAccountId, deps, options());
    expect(first).toEqual({ outcome: 'finished', read: 1, recovered: 1 });
    // Instagram conversations are listed through the linked Page on the Facebook Login path.
    expect(fake.calls.some((c) => c.path.endsWith('/conversations') && c.query.platform === 'instagram')).toBe(true);
    await expect.poll(async () => (await runsOf(w.client, flowId)).map((r) => r.status), { timeout: 20_000, interval: 100 }).toEqual(['completed']);
    const answers = () => fake.sends.filter((s) => s.kind === 'dm' && s.recipient === 'igsid-dm-lost').length;
    await expect.poll(answers, { timeout: 10_000 }).toBe(1);

    // Meta delivers the lost webhook after all: same mid, same key, nothing new.
    const late = messagingWebhook('instagram', igId, [
      { sender: 'igsid-dm-lost', recipient: igId, message: { mid: dm.id, text: dm.text }, timestamp: dm.createdAt.getTime() },
    ]);
    expect((await fake.deliverWebhook(hook, late)).status).toBe(200);
    // And the next run reads the thread again: still nothing new.
    expect(await reconcileAccount(pool(), igAccountId, deps, options())).toMatchObject({ outcome: 'finished', recovered: 0 });
    await expect.poll(eventsProcessed, { timeout: 10_000 }).toBe(true);
    await sleep(500);

    expect(await count('select count(*)::int as n from inbound_events where event_key = $1', [`msg:${dm.id}`])).toBe(1);
    expect(await count("select count(*)::int as n from messages where account_id = $1 and direction = 'inbound'", [igAccountId])).toBe(1);
    expect(await count('select count(*)::int as n from messages where platform_message_id = $1', [own.id])).toBe(0);
    expect(await count('select count(*)::int as n from inbound_events where event_key = $1', [`msg:${own.id}`])).toBe(0);
    expect(await runsOf(w.client, flowId)).toHaveLength(1);
    expect(answers()).toBe(1);
    // The inbox shows the recovered DM once, in one conversation, with its own time (Graph times are to the second).
    const inbox = await pool().query<{ content: string; created_at: Date; unread_count: number }>(
      `select m.content, m.created_at, c.unread_count from messages m join conversations c on c.id = m.conversation_id
        where m.account_id = $1 and m.direction = 'inbound'`,
      [igAccountId],
    );
    expect(inbox.rows).toEqual([{ content: 'what is the price?', created_at: new Date(Math.floor(dm.createdAt.getTime() / 1000) * 1000), unread_count: 1 }]);
    const state = await pool().query('select last_recovered, total_recovered, last_error from account_reconciliations where account_id = $1', [igAccountId]);
    expect(state.rows[0]).toEqual({ last_recovered: 0, total_recovered: 1, last_error: null });
  });

  it('follows the cursors across pages of conversations and messages, and stops at the reconciliation cursor', async () => {
    const { pageAccountId, page } = await connectedWorkspace('dmpages');
    const people = ['psid-a', 'psid-b', 'psid-c'].map((id) => fake.addConversation(page.id, { id, name: `Person ${id}` }));
    // Three recent DMs in one thread: two pages of 2 messages, read newest first.
    const busy = people[0]!;
    const recent = [5, 4, 3].map((m) => fake.addMessage(busy.id, { text: `question ${m}`, createdAt: minutesAgo(m) }));
    // Older than the cursor (the account was connected moments ago, minus 10 minutes of overlap): not read.
    const before = fake.addMessage(busy.id, { text: 'from last month', createdAt: minutesAgo(120) });
    const b = fake.addMessage(people[1]!.id, { text: 'hello page', createdAt: minutesAgo(6) });
    const c = fake.addMessage(people[2]!.id, { text: 'are you open?', createdAt: minutesAgo(7) });
    // A thread not updated since the cursor ends the conversation listing.
    const stale = fake.addConversation(page.id, { id: 'psid-stale', name: 'Stale' });
    const staleDm = fake.addMessage(stale.id, { text: 'old thread', createdAt: minutesAgo(180) });

    const r = await reconcileAccount(pool(), pageAccountId, deps, options({ pageSize: 2 }));
    expect(r).toEqual({ outcome: 'finished', read: 5, recovered: 5 });
    await expect.poll(eventsProcessed, { timeout: 15_000 }).toBe(true);

    const stored = await pool().query<{ platform_message_id: string }>(
      "select platform_message_id from messages where account_id = $1 and direction = 'inbound' order by created_at",
      [pageAccountId],
    );
    expect(stored.rows.map((m) => m.platform_message_id)).toEqual([c.id, b.id, recent[0]!.id, recent[1]!.id, recent[2]!.id]);
    expect(await count('select count(*)::int as n from inbound_events where event_key = any($1)', [[`msg:${before.id}`, `msg:${staleDm.id}`]])).toBe(0);

    const reads = fake.calls.filter((x) => x.token === page.accessToken && x.method === 'GET');
    const conversationPages = reads.filter((x) => x.path === `/${page.id}/conversations`);
    expect(conversationPages.map((x) => [x.query.platform, x.query.after !== undefined])).toEqual([
      ['messenger', false],
      ['messenger', true],
    ]);
    expect(reads.filter((x) => x.path === `/${busy.id}/messages`).map((x) => x.query.after !== undefined)).toEqual([false, true]);
    expect(reads.filter((x) => x.path === `/${stale.id}/messages`)).toHaveLength(0);
    // Every Graph read took a slot in the account's read bucket.
    expect(await count("select count(*)::int as n from send_rate_limits where account_id = $1 and kind = 'graph_read'", [pageAccountId])).toBe(1);
  });
  it('records a DM found more than 24 hours late without running flows on it, and says so in the activity feed', async () => {
    const { w, igId, igAccountId } = await connectedWorkspace('dmold');
    // Connected 3 days ago; the server saw nothing since (downtime).
    await pool().query("update social_accounts set connected_at = now() - interval '3 days' where id = $1", [igAccountId]);
    const flowId = await publishFlow(
      w.client,
      { nodes: [keywordTrigger(['price']), node('2', 'instagramDM', { text: 'Price list coming' })], edges: [edge('1', '2')] },
      'Price DM',
      'instagram',
    );
    const oldDm = fake.addMessage(fake.addConversation(igId, { id: 'igsid-dm-old' }).id, { text: 'price?', createdAt: minutesAgo(30 * 60) });
    fake.addMessage(fake.addConversation(igId, { id: 'igsid-dm-new' }).id, { text: 'price please', createdAt: minutesAgo(120) });

    expect(await reconcileAccount(pool(), igAccountId, deps, options())).toEqual({ outcome: 'finished', read: 2, recovered: 2 });
    await expect.poll(async () => (await runsOf(w.client, flowId)).map((r) => r.status), { timeout: 20_000, interval: 100 }).toEqual(['completed']);
    await expect.poll(eventsProcessed, { timeout: 10_000 }).toBe(true);
    const sentTo = (who: string) => fake.sends.filter((s) => s.kind === 'dm' && s.recipient === who).length;
    await expect.poll(() => sentTo('igsid-dm-new'), { timeout: 10_000 }).toBe(1);
    expect(sentTo('igsid-dm-old')).toBe(0);
    // In the inbox all the same (a person may still answer it within 7 days).
    expect(await count('select count(*)::int as n from messages where platform_message_id = $1', [oldDm.id])).toBe(1);
    const activity = await pool().query<{ message: string }>(
      "select message from automation_activity where workspace_id = $1 and action = 'dm_outside_messaging_window'",
      [w.user.workspaceId],
    );
    expect(activity.rows.map((r) => r.message)).toEqual([expect.stringMatching(/igsid-dm-old recorded but not answered by flows: it is 30 hours old/)]);
  });
});
