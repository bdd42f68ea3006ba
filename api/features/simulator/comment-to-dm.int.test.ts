import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const outbox = async (client: Awaited<ReturnType<typeof newWorkspaceUser>>['client'], accountId: string) =>
  (await client.get(`/api/simulator/outbox?accountId=${accountId}`)).data as {
    kind: string;
    text: string;
    commentId: string | null;
    recipientExternalId: string;
  }[];

describe('comment → private reply DM through the sandbox', () => {
  it('sends exactly one private reply for a matching comment and shows the conversation in the inbox', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const rule = await w.client.post('/api/comment-rules', {
      platform: 'instagram',
      keywords: ['price', ' PRICE ', 'cost'],
      responseTemplate: 'Hi {first_name}! Here is the price list 👉 example.com/prices',
      publicReplyTemplate: 'Sent you a DM, {username}!',
    });
    expect(rule.status).toBe(201);
    expect(rule.data.keywords).toEqual(['price', 'cost']); // trimmed, de-duplicated case-insensitively

    const post = w.igPosts[0]!;
    const comment = await w.client.post('/api/simulator/comments', {
      accountId: w.instagram.id,
      postId: post.externalId,
      contact: maya,
      text: 'What is the Price?',
      commentId: 'ig-comment-1',
    });
    expect(comment.status).toBe(202);
    expect(comment.data).toMatchObject({ accepted: true, duplicate: false });

    await expect.poll(async () => (await outbox(w.client, w.instagram.id)).length, { timeout: 10_000 }).toBe(2);
    const items = await outbox(w.client, w.instagram.id);
    expect(items.find((i) => i.kind === 'private_reply')).toMatchObject({
      text: 'Hi Maya! Here is the price list 👉 example.com/prices',
      commentId: 'ig-comment-1',
      recipientExternalId: 'sim-maya',
    });
    expect(items.find((i) => i.kind === 'public_reply')).toMatchObject({ text: 'Sent you a DM, @maya.creates!' });

    const list = await w.client.get('/api/conversations');
    expect(list.data.conversations).toHaveLength(1);
    const conv = list.data.conversations[0];
    expect(conv).toMatchObject({
      customerName: 'Maya Chen',
      platform: 'instagram',
      status: 'open',
      lastMessage: 'Hi Maya! Here is the price list 👉 example.com/prices',
    });
    // The thread shows the comment that started it, then the automation's DM.
    await expect
      .poll(
        async () =>
          (await w.client.get(`/api/conversations/${conv.id}/messages`)).data.messages.map(
            (m: { source: string; direction: string; status: string; content: string }) => [m.source, m.direction, m.status, m.content],
          ),
        { timeout: 5000 },
      )
      .toEqual([
        ['comment', 'inbound', 'sent', 'What is the Price?'],
        ['comment_rule', 'outbound', 'sent', 'Hi Maya! Here is the price list 👉 example.com/prices'],
      ]);
    // One keyset across both: the newest page is the DM, the next (and last) the comment.
    const newest = (await w.client.get(`/api/conversations/${conv.id}/messages?limit=1`)).data;
    expect(newest.messages.map((m: { source: string }) => m.source)).toEqual(['comment_rule']);
    const older = (await w.client.get(`/api/conversations/${conv.id}/messages?limit=1&before=${encodeURIComponent(newest.nextCursor)}`)).data;
    expect(older).toEqual({ messages: [expect.objectContaining({ source: 'comment', content: 'What is the Price?' })], nextCursor: null });

    const rules = await w.client.get('/api/comment-rules');
    expect(rules.data[0].stats).toEqual({ matched: 1, sent: 1, queued: 0 });
    const activity = await w.client.get('/api/automation/activity');
    expect(activity.data.activities.map((a: { action: string }) => a.action)).toContain('comment_rule_matched');
    expect((await w.client.get('/api/automation/activity/count')).data.count).toBe(1);
  });

  it('treats the same comment delivered twice (a platform retry) as one', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['link'], responseTemplate: 'Here: example.com' });
    const body = { accountId: w.instagram.id, postId: w.igPosts[0]!.externalId, contact: maya, text: 'link please', commentId: 'dup-1' };
    const first = await w.client.post('/api/simulator/comments', body);
    const second = await w.client.post('/api/simulator/comments', body);
    expect(first.data.duplicate).toBe(false);
    expect(second.data).toMatchObject({ accepted: true, duplicate: true, eventId: null });
    await expect.poll(async () => (await outbox(w.client, w.instagram.id)).length, { timeout: 10_000 }).toBe(1);
    // Let any stray job run, then check again: still exactly one.
    await new Promise((r) => setTimeout(r, 500));
    expect(await outbox(w.client, w.instagram.id)).toHaveLength(1);
    const { rows } = await t.app.database.pool.query("select count(*)::int as n from comments where platform_comment_id = 'dup-1'");
    expect(rows[0].n).toBe(1);
  });

  it('sends nothing for a comment that matches no active rule, and respects specific-post rules', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const [postA, postB] = w.igPosts;
    await w.client.post('/api/comment-rules', {
      platform: 'instagram',
      keywords: ['guide'],
      responseTemplate: 'Guide: example.com/guide',
      automationType: 'specific_post',
      postUrl: postA!.permalink,
    });
    const inactive = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['hello'], responseTemplate: 'Hi', isActive: false });
    expect(inactive.data.isActive).toBe(false);
    const send = (postId: string, text: string, commentId: string) =>
      w.client.post('/api/simulator/comments', { accountId: w.instagram.id, postId, contact: maya, text, commentId });
    await send(postB!.externalId, 'guide please', 'b1'); // wrong post
    await send(postA!.externalId, 'hello there', 'a1'); // inactive rule
    await send(postA!.externalId, 'guidebook?', 'a2'); // not a whole word
    await send(postA!.externalId, 'The GUIDE please', 'a3'); // match
    await expect.poll(async () => (await outbox(w.client, w.instagram.id)).map((i) => i.commentId), { timeout: 10_000 }).toEqual(['a3']);
    await expect
      .poll(
        async () =>
          (
            await t.app.database.pool.query('select count(*)::int as n from inbound_events where workspace_id = $1 and processed_at is not null', [
              w.user.workspaceId,
            ])
          ).rows[0].n,
      )
      .toBe(4);
    expect(await outbox(w.client, w.instagram.id)).toHaveLength(1);
  });
});

describe('DMs and inbox replies', () => {
  it('a DM opens a conversation; a reply from the inbox is delivered; close and reopen', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const dm = await w.client.post('/api/simulator/messages', { accountId: w.messenger.id, contact: maya, text: 'Hi! Are you open on Sunday?' });
    expect(dm.status).toBe(202);
    await expect.poll(async () => (await w.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    const conv = (await w.client.get('/api/conversations')).data.conversations[0];
    expect(conv).toMatchObject({ platform: 'facebook', unreadCount: 1, lastMessage: 'Hi! Are you open on Sunday?' });

    const reply = await w.client.post(`/api/conversations/${conv.id}/messages`, { content: '  Yes, 10 to 4!  ' });
    expect(reply.status).toBe(201);
    expect(reply.data.message).toMatchObject({ content: 'Yes, 10 to 4!', direction: 'outbound', status: 'queued', isFromUser: false });
    await expect
      .poll(async () => (await outbox(w.client, w.messenger.id)).map((i) => [i.kind, i.text, i.recipientExternalId]), { timeout: 10_000 })
      .toEqual([['dm', 'Yes, 10 to 4!', 'sim-maya']]);
    const thread = await w.client.get(`/api/conversations/${conv.id}/messages`);
    expect(thread.data.messages.map((m: { direction: string; status: string }) => [m.direction, m.status])).toEqual([
      ['inbound', 'sent'],
      ['outbound', 'sent'],
    ]);

    expect((await w.client.request('PATCH', `/api/conversations/${conv.id}`, { json: { status: 'closed' } })).data.status).toBe('closed');
    expect((await w.client.get('/api/conversations?status=closed')).data.conversations).toHaveLength(1);
    expect((await w.client.get('/api/conversations?status=open')).data.conversations).toHaveLength(0);
    expect((await w.client.request('PATCH', `/api/conversations/${conv.id}`, { json: { status: 'open', read: true } })).data).toMatchObject({
      status: 'open',
      unreadCount: 0,
    });
  });

  it('validates inbox input', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.post('/api/simulator/messages', { accountId: w.messenger.id, contact: maya, text: 'hey' });
    await expect.poll(async () => (await w.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    const conv = (await w.client.get('/api/conversations')).data.conversations[0];
    const blank = await w.client.post(`/api/conversations/${conv.id}/messages`, { content: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.data.error).toBe('Message content is required');
    expect((await w.client.request('PATCH', `/api/conversations/${conv.id}`, { json: { status: 'archived' } })).status).toBe(400);
    expect((await w.client.request('PATCH', `/api/conversations/${conv.id}`, { json: {} })).status).toBe(400);
    expect((await w.client.get('/api/conversations?cursor=garbage')).status).toBe(400);
    expect((await w.client.get('/api/conversations/not-a-uuid/messages')).status).toBe(404);
    const rule = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: [], responseTemplate: '' });
    expect(rule.status).toBe(400);
    expect(rule.data.error).toBe('Please add keywords and response template');
    const specific = await w.client.post('/api/comment-rules', {
      platform: 'instagram',
      keywords: ['x'],
      responseTemplate: 'y',
      automationType: 'specific_post',
    });
    expect(specific.data.details).toContainEqual({ path: 'postUrl', message: 'A post URL is required for a specific post' });
  });
});

describe('simulator contacts', () => {
  it('keeps a made-up contact in the picker after a reload (built-in people first), per workspace', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const sam = { externalUserId: 'sim-sam-1', name: 'Sam Rivera', username: 'sam.r' };
    expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: sam, text: 'hello' })).status).toBe(202);
    await expect
      .poll(async () => ((await w.client.get('/api/simulator')).data.contacts as { externalUserId: string }[]).map((c) => c.externalUserId), {
        timeout: 10_000,
      })
      .toEqual(['sim-maya', 'sim-leo', 'sim-priya', 'sim-sam-1']);
    expect((await w.client.get('/api/simulator')).data.contacts[3]).toEqual(sam);
    const other = await newWorkspaceUser(t.baseUrl);
    expect(((await other.client.get('/api/simulator')).data.contacts as unknown[]).length).toBe(3);
  });
});
