import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../tests/support/http-client';
import { inviteNewMember } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

// The dashboard's getting-started checklist, counted from what exists in the workspace: accounts
// (sandbox ones count), a live automation, a delivered automated reply, a knowledge entry.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type W = Awaited<ReturnType<typeof newWorkspaceUser>>;
const readAs = async (c: HttpClient) => (await c.get('/api/dashboard/getting-started')).data;
const read = (w: W) => readAs(w.client);
const outbox = async (w: W) => (await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { kind: string }[];

describe('GET /api/dashboard/getting-started', () => {
  it('starts with the sandbox accounts ticked and the rest to do; ticks each item from real state, then closes for good', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    expect(await read(w)).toEqual({
      closed: false,
      accounts: { real: 0, sandbox: 2 },
      liveFlows: 0,
      activeRules: 0,
      firstAutomatedReply: false,
      knowledgeEntries: 0,
      setupStep: 0,
    });

    expect((await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['price'], responseTemplate: 'Prices: example.com/p' })).status).toBe(
      201,
    );
    expect((await w.client.post('/api/knowledge', { kind: 'faq', question: 'Do you ship?', answer: 'Worldwide.' })).status).toBe(201);
    expect(await read(w)).toMatchObject({ closed: false, activeRules: 1, knowledgeEntries: 1, firstAutomatedReply: false });

    const comment = await w.client.post('/api/simulator/comments', {
      accountId: w.instagram.id,
      postId: w.igPosts[0]!.externalId,
      contact: maya,
      text: 'price?',
    });
    expect(comment.status).toBe(202);
    await expect.poll(async () => (await outbox(w)).some((o) => o.kind === 'private_reply'), { timeout: 10_000 }).toBe(true);
    // The read that sees every item done still answers with the items (the dashboard ticks the last
    // one), and closes the list: the next read is closed even if an item is undone later.
    await expect.poll(async () => (await read(w)).firstAutomatedReply, { timeout: 10_000 }).toBe(true);
    const rule = (await w.client.get('/api/comment-rules')).data[0] as { id: string };
    expect((await w.client.delete(`/api/comment-rules/${rule.id}`)).status).toBeLessThan(300);
    expect(await read(w)).toEqual({ closed: true });
  });

  it('a reply typed in the inbox is not an automated reply; another workspace’s replies are not counted', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const dm = await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'Hello there' });
    expect(dm.status).toBe(202);
    await expect.poll(async () => (await w.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    const conv = (await w.client.get('/api/conversations')).data.conversations[0] as { id: string };
    expect((await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'Hi Maya, typed by hand' })).status).toBe(201);
    await expect.poll(async () => (await outbox(w)).some((o) => o.kind === 'dm'), { timeout: 10_000 }).toBe(true);

    const other = await newWorkspaceUser(t.baseUrl, 'Other');
    await other.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['price'], responseTemplate: 'Prices' });
    await other.client.post('/api/simulator/comments', { accountId: other.instagram.id, postId: other.igPosts[0]!.externalId, contact: maya, text: 'price' });
    await expect.poll(async () => (await read(other)).firstAutomatedReply, { timeout: 10_000 }).toBe(true);

    expect(await read(w)).toMatchObject({ closed: false, firstAutomatedReply: false, activeRules: 0 });
  });

  it('POST …/dismiss closes it for this user only', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    expect((await w.client.post('/api/dashboard/getting-started/dismiss', {})).data).toEqual({ closed: true });
    expect(await read(w)).toEqual({ closed: true });
    const other = await newWorkspaceUser(t.baseUrl, 'Other');
    expect((await read(other)).closed).toBe(false);
  });

  it('counts and closes per workspace for a member of two: the one the request acts in, not their own', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Team');
    expect((await owner.client.post('/api/knowledge', { kind: 'faq', question: 'Do you ship?', answer: 'Worldwide.' })).status).toBe(201);
    const member = await inviteNewMember(t.baseUrl, owner.client, 'agent');
    // Acting in the team's workspace (accepting switched them there), they see its items.
    expect(await readAs(member.client)).toMatchObject({ closed: false, knowledgeEntries: 1 });
    expect((await member.client.post('/api/dashboard/getting-started/dismiss', {})).status).toBe(200);
    expect(await readAs(member.client)).toEqual({ closed: true });
    // The owner's list is theirs; the member's own workspace still shows its list, with its own items.
    expect((await read(owner)).closed).toBe(false);
    expect((await member.client.post('/api/workspaces/switch', { workspaceId: member.ownWorkspaceId })).status).toBe(200);
    expect(await readAs(member.client)).toMatchObject({ closed: false, knowledgeEntries: 0 });
  });

  it('needs a session', async () => {
    const res = await fetch(`${t.baseUrl}/api/dashboard/getting-started`);
    expect(res.status).toBe(401);
  });
});
