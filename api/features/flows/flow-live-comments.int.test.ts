import { describe, expect, it } from 'vitest';
import { igCommentsWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { edge, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { useMetaApp } from '../../../tests/support/meta-app';

const meta = useMetaApp({ TIMER_PUMP_INTERVAL_MS: '50' });

// Instagram Live comments (`live_comments`, docs/platform-apis.md §1.6): comments like any other, answered
// with the same private reply (one per comment, §2.3), and a comment trigger may take Live comments only.
describe('Instagram Live comments', () => {
  it('a Live comment delivered twice starts the Live-only flow once with one private reply; a post comment does not start it', async () => {
    const { w, page } = await meta.connectedWorkspace('live');
    const ig = page.instagram!;
    const liveFlow = await publishFlow(
      w.client,
      {
        nodes: [
          node('1', 'trigger', { type: 'comment', keywords: ['code'], accountId: null, postId: null, commentsOn: 'live' }),
          node('2', 'instagramDM', { text: 'Your Live discount code: LIVE10' }),
        ],
        edges: [edge('1', '2')],
      },
      'Live code',
      'instagram',
    );
    const live = igCommentsWebhook(ig.id, [
      { id: '17900000000000501', text: 'CODE please', from: { id: 'igsid-live-1', username: 'viewer' }, mediaId: 'live-1', live: true },
    ]);
    expect((await meta.fake.deliverWebhook(meta.hook, live)).status).toBe(200);
    expect((await meta.fake.deliverWebhook(meta.hook, live)).status).toBe(200);

    await expect.poll(async () => (await runsOf(w.client, liveFlow)).map((r) => r.status), { timeout: 15_000, interval: 100 }).toEqual(['completed']);
    const replies = () => meta.fake.sends.filter((s) => s.text === 'Your Live discount code: LIVE10');
    await expect.poll(() => replies().length, { timeout: 10_000 }).toBe(1);
    expect(replies()[0]).toMatchObject({ kind: 'private_reply', recipient: '17900000000000501' });

    // The same keyword on a feed post: stored, but the Live-only flow does not take it.
    await meta.fake.deliverWebhook(
      meta.hook,
      igCommentsWebhook(ig.id, [{ id: '17900000000000502', text: 'code?', from: { id: 'igsid-live-2', username: 'reader' }, mediaId: 'post-1' }]),
    );
    await expect
      .poll(async () => (await meta.pool.query('select 1 from comments where platform_comment_id = $1', ['17900000000000502'])).rowCount, { timeout: 15_000 })
      .toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await runsOf(w.client, liveFlow)).toHaveLength(1);
  });

  it('a comment rule answers a Live comment with its one private reply; a Live comment past its broadcast is recorded, not answered', async () => {
    const { w, page } = await meta.connectedWorkspace('live-rule');
    const ig = page.instagram!;
    expect((await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['menu'], responseTemplate: 'Here is the menu' })).status).toBe(201);
    const now = igCommentsWebhook(ig.id, [
      { id: '17900000000000601', text: 'menu!', from: { id: 'igsid-live-3', username: 'a' }, mediaId: 'live-2', live: true },
    ]);
    // entry.time five hours ago: longer than any broadcast, so past its private-reply window (§2.3).
    const late = igCommentsWebhook(
      ig.id,
      [{ id: '17900000000000602', text: 'menu!', from: { id: 'igsid-live-4', username: 'b' }, mediaId: 'live-2', live: true }],
      Date.now() - 5 * 3_600_000,
    );
    for (const body of [now, now, late]) expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);

    const menus = () => meta.fake.sends.filter((s) => s.text === 'Here is the menu').map((s) => s.recipient);
    await expect.poll(menus, { timeout: 15_000 }).toEqual(['17900000000000601']);
    await expect
      .poll(
        async () =>
          (
            await meta.pool.query<{ message: string }>(
              "select message from automation_activity where workspace_id = $1 and action = 'comment_outside_reply_window'",
              [w.user.workspaceId],
            )
          ).rows,
        { timeout: 15_000 },
      )
      .toEqual([{ message: expect.stringContaining('Live comment from @b recorded but not answered') }]);
    expect(menus()).toEqual(['17900000000000601']);
  });
});
