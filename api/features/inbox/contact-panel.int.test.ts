import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TIMER_PUMP_INTERVAL_MS: '50' } });
});
afterAll(() => t.stop());

type W = Awaited<ReturnType<typeof newWorkspaceUser>>;

/** A published flow that puts whoever DMs "later" to sleep for an hour: a live run to cancel. */
async function sleepingRun(w: W): Promise<{ runId: string; flowId: string; conversationId: string }> {
  const graph = {
    nodes: [keywordTrigger(['later']), node('2', 'delay', { amount: 1, unit: 'hours' }), node('3', 'instagramDM', { text: 'an hour later' })],
    edges: [edge('1', '2'), edge('2', '3')],
  };
  const flowId = await publishFlow(w.client, graph);
  await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'later' });
  await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('sleeping');
  const runId = (await runsOf(w.client, flowId))[0]!.id;
  const conversationId = (await w.client.get('/api/conversations')).data.conversations[0].id as string;
  return { runId, flowId, conversationId };
}

describe('contact panel', () => {
  it("shows the contact, their lead, their runs and their conversation on the workspace's other account", async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['guide'], responseTemplate: 'Here is the guide' });
    await w.client.post('/api/simulator/comments', { accountId: w.instagram.id, postId: w.igPosts[0]!.externalId, contact: maya, text: 'guide please' });
    const { runId, flowId, conversationId } = await sleepingRun(w);
    // A second Instagram account of the workspace: the same person DMing it is another contact row and conversation.
    const second = await t.app.database.pool.query<{ id: string }>(
      `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name)
       values ($1, 'instagram', 'sandbox', 'sandbox-ig-second', 'second.shop', 'Second shop') returning id`,
      [w.user.workspaceId],
    );
    await w.client.post('/api/simulator/messages', { accountId: second.rows[0]!.id, contact: maya, text: 'hi on the second shop' });
    // Messenger is another platform: not the same person as far as the platforms say.
    await w.client.post('/api/simulator/messages', { accountId: w.messenger.id, contact: maya, text: 'hi on messenger' });
    await expect.poll(async () => (await w.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(3);
    const onSecond = (await w.client.get('/api/conversations')).data.conversations.find((c: { accountId: string }) => c.accountId === second.rows[0]!.id);

    const panel = (await w.client.get(`/api/conversations/${conversationId}/contact`)).data;
    expect(panel.contact).toMatchObject({ name: 'Maya Chen', username: 'maya.creates', platform: 'instagram', externalUserId: 'sim-maya' });
    expect(panel.lead).toMatchObject({ name: 'Maya Chen', status: 'new', contactId: panel.contact.id });
    expect(panel.runs).toEqual([expect.objectContaining({ id: runId, flowId, status: 'sleeping' })]);
    expect(panel.otherConversations).toEqual([expect.objectContaining({ id: onSecond.id, lastMessage: 'hi on the second shop' })]);
  });

  it("another workspace's conversation answers 404 for the panel", async () => {
    const alice = await newWorkspaceUser(t.baseUrl, 'Alice');
    const mallory = await newWorkspaceUser(t.baseUrl, 'Mallory');
    await alice.client.post('/api/simulator/messages', { accountId: alice.instagram.id, contact: maya, text: 'hello' });
    await expect.poll(async () => (await alice.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    const conv = (await alice.client.get('/api/conversations')).data.conversations[0];
    expect((await mallory.client.get(`/api/conversations/${conv.id}/contact`)).status).toBe(404);
    expect((await alice.client.get(`/api/conversations/${conv.id}/contact`)).status).toBe(200);
  });
});

describe('cancelling a contact’s run from the inbox', () => {
  it("another workspace cannot cancel the run (404) and it keeps sleeping; the owner's cancel is durable", async () => {
    const alice = await newWorkspaceUser(t.baseUrl, 'Alice');
    const mallory = await newWorkspaceUser(t.baseUrl, 'Mallory');
    const { runId, conversationId } = await sleepingRun(alice);

    const refused = await mallory.client.post(`/api/runs/${runId}/cancel`);
    expect(refused.status).toBe(404);
    expect((await mallory.client.get(`/api/runs/${runId}`)).status).toBe(404);
    const still = await t.app.database.pool.query(
      'select status, (select count(*)::int from run_timers where run_id = $1) as timers from flow_runs where id = $1',
      [runId],
    );
    expect(still.rows[0]).toEqual({ status: 'sleeping', timers: 1 });

    const cancelled = await alice.client.post(`/api/runs/${runId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.data.status).toBe('cancelled');
    // Durable: the row says so, its timer is gone (it will not wake up), and the panel reads it back.
    const after = await t.app.database.pool.query(
      'select status, (select count(*)::int from run_timers where run_id = $1) as timers from flow_runs where id = $1',
      [runId],
    );
    expect(after.rows[0]).toEqual({ status: 'cancelled', timers: 0 });
    const panel = (await alice.client.get(`/api/conversations/${conversationId}/contact`)).data;
    expect(panel.runs).toEqual([expect.objectContaining({ id: runId, status: 'cancelled' })]);
  });
});
