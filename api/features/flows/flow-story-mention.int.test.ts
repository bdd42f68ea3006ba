import { describe, expect, it } from 'vitest';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { edge, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { useMetaApp } from '../../../tests/support/meta-app';

const meta = useMetaApp({ TIMER_PUMP_INTERVAL_MS: '50' });

/** The messaging webhook Instagram sends for a story that mentions the account (docs/platform-apis.md §1.6). */
const storyMention = (igId: string, sender: string, mid: string) =>
  messagingWebhook('instagram', igId, [
    {
      sender,
      recipient: igId,
      message: { mid, attachments: [{ type: 'story_mention', payload: { url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1' } }] },
    },
  ]);

describe('story-mention triggered flows', () => {
  it('a story mention webhook starts the story_mention flow and its DM is sent once, even when Meta delivers the webhook twice', async () => {
    const { w, page } = await meta.connectedWorkspace('story');
    const ig = page.instagram!;
    const mentionFlow = await publishFlow(
      w.client,
      {
        nodes: [
          node('1', 'trigger', { type: 'story_mention', keywords: [], accountId: null, postId: null }),
          node('2', 'instagramDM', { text: 'Thanks for the story mention!' }),
          node('3', 'addTag', { tag: 'story_engaged' }),
        ],
        edges: [edge('1', '2'), edge('2', '3')],
      },
      'Story mention thanks',
      'instagram',
    );
    // A keyword DM flow must not take the mention (its text reads "Mentioned you in their story"), and vice versa.
    const dmFlow = await publishFlow(
      w.client,
      {
        nodes: [
          node('1', 'trigger', { type: 'keyword_dm', keywords: ['story', 'hello'], accountId: null, postId: null }),
          node('2', 'instagramDM', { text: 'Any DM' }),
        ],
        edges: [edge('1', '2')],
      },
      'Hello DM',
      'instagram',
    );

    const body = storyMention(ig.id, 'igsid-fan-1', 'mid_story_mention_1');
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200); // Meta's retry of the same delivery

    await expect.poll(async () => (await runsOf(w.client, mentionFlow)).map((r) => r.status), { timeout: 15_000, interval: 100 }).toEqual(['completed']);
    const thanks = () => meta.fake.sends.filter((s) => s.recipient === 'igsid-fan-1' && s.text === 'Thanks for the story mention!');
    await expect.poll(() => thanks().length, { timeout: 10_000 }).toBe(1);
    // Instagram DMs on the Facebook Login path go through the Page's Send API (docs/platform-apis.md §2.2).
    expect(thanks()[0]).toMatchObject({ kind: 'dm', on: page.id });
    expect(await runsOf(w.client, dmFlow)).toHaveLength(0);

    const { rows } = await meta.pool.query<{ content: string; trigger: { type: string } }>(
      `select m.content, r.trigger from messages m join flow_runs r on r.flow_id = $2
        where m.platform_message_id = 'mid_story_mention_1' and m.workspace_id = $1`,
      [w.user.workspaceId, mentionFlow],
    );
    expect(rows).toEqual([{ content: 'Mentioned you in their story', trigger: expect.objectContaining({ type: 'story_mention' }) }]);

    // A plain DM from the same person starts the keyword flow, not the story-mention flow.
    await meta.fake.deliverWebhook(
      meta.hook,
      messagingWebhook('instagram', ig.id, [{ sender: 'igsid-fan-1', recipient: ig.id, message: { mid: 'mid_plain_1', text: 'hello' } }]),
    );
    await expect.poll(async () => (await runsOf(w.client, dmFlow)).length, { timeout: 15_000 }).toBe(1);
    expect(await runsOf(w.client, mentionFlow)).toHaveLength(1);
    expect(thanks()).toHaveLength(1);
  });
});
