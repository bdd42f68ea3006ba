import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

/** One private reply per second (burst 10): a burst of commenters has to wait for send slots. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TIMER_PUMP_INTERVAL_MS: '50', PRIVATE_REPLIES_PER_HOUR: '3600' } });
});
afterAll(() => t.stop());

describe('comment-triggered flows', () => {
  it('the first DM is the comment’s private reply, the public reply answers the comment, and a burst is paced (sleeping with an ETA), never dropped', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const post = w.igPosts[0]!;
    const flowId = await publishFlow(
      w.client,
      {
        nodes: [
          node('1', 'trigger', { type: 'comment', keywords: ['launch'], accountId: null, postId: post.externalId }),
          node('2', 'instagramDM', { text: 'Hi {first_name}, here is the launch code: LAUNCH20' }),
          node('3', 'publicReply', { text: 'Check your DMs {username} 🚀' }),
        ],
        edges: [edge('1', '2'), edge('2', '3')],
      },
      'Launch',
      'instagram',
    );
    const COMMENTERS = 14;
    for (let i = 0; i < COMMENTERS; i++) {
      const res = await w.client.post('/api/simulator/comments', {
        accountId: w.instagram.id,
        postId: post.externalId,
        contact: { externalUserId: `fan-${i}`, name: `Fan ${i}`, username: `fan${i}` },
        text: 'LAUNCH when?',
        commentId: `launch-${i}`,
      });
      expect(res.status).toBe(202);
    }
    // A comment on another post, or without the keyword, starts nothing.
    await w.client.post('/api/simulator/comments', {
      accountId: w.instagram.id,
      postId: w.igPosts[1]!.externalId,
      contact: { externalUserId: 'x', name: 'X', username: 'x' },
      text: 'launch',
      commentId: 'other-post',
    });

    let sawPacing = false;
    await expect
      .poll(
        async () => {
          const runs = await runsOf(w.client, flowId);
          const details = await Promise.all(runs.filter((r) => r.status === 'sleeping').map((r) => w.client.get(`/api/runs/${r.id}`)));
          if (details.some((d) => d.data.statusDetail === 'Rate limit: waiting for a send slot' && d.data.resumeAt)) sawPacing = true;
          return runs.filter((r) => r.status === 'completed').length;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(COMMENTERS);
    expect(sawPacing).toBe(true);
    expect(await runsOf(w.client, flowId)).toHaveLength(COMMENTERS);

    const outbox = (await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}&limit=200`)).data as {
      kind: string;
      commentId: string | null;
      text: string;
    }[];
    const privateReplies = outbox.filter((o) => o.kind === 'private_reply');
    expect(privateReplies).toHaveLength(COMMENTERS);
    expect(new Set(privateReplies.map((o) => o.commentId)).size).toBe(COMMENTERS);
    expect(outbox.filter((o) => o.kind === 'public_reply').map((o) => o.text)).toContain('Check your DMs @fan3 🚀');
    expect(outbox.filter((o) => o.kind === 'dm')).toHaveLength(0);
    const run = await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id);
    expect(run.steps.find((s) => s.nodeId === '2')!.output).toMatchObject({ kind: 'private_reply' });
  });

  it('a rule and a flow on the same keyword: the rule answers, the flow is not started for that comment, the activity feed says so', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['deal'], responseTemplate: 'Rule reply' });
    const flowId = await publishFlow(
      w.client,
      {
        nodes: [node('1', 'trigger', { type: 'comment', keywords: ['deal', 'offer'] }), node('2', 'instagramDM', { text: 'Flow reply' })],
        edges: [edge('1', '2')],
      },
      'Deals flow',
    );
    const comment = (text: string, commentId: string) =>
      w.client.post('/api/simulator/comments', {
        accountId: w.instagram.id,
        postId: w.igPosts[0]!.externalId,
        contact: { externalUserId: 'd1', name: 'Dee', username: 'dee' },
        text,
        commentId,
      });
    await comment('deal?', 'deal-1');
    const activity = async () => ((await w.client.get('/api/automation/activity')).data as { activities: { action: string; message: string }[] }).activities;
    await expect.poll(async () => (await activity()).map((a) => a.action), { timeout: 10_000 }).toContain('flow_skipped_rule_answered');
    expect((await activity()).find((a) => a.action === 'flow_skipped_rule_answered')?.message).toMatch(
      /Flow "Deals flow" not started.*comment rule already answered/,
    );
    expect(await runsOf(w.client, flowId)).toEqual([]);

    // A comment only the flow matches starts it as before.
    await comment('any offer today?', 'offer-1');
    await expect.poll(async () => (await runsOf(w.client, flowId)).length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(async () => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((o) => o.text).sort(), {
        timeout: 10_000,
      })
      .toEqual(['Flow reply', 'Rule reply']);
  });
});
