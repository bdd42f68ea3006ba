import { describe, expect, it } from 'vitest';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { edge, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { useMetaApp } from '../../../tests/support/meta-app';

const meta = useMetaApp({ TIMER_PUMP_INTERVAL_MS: '50' });

/** The messaging webhook Instagram sends for a DM that replies to the account's story (docs/platform-apis.md §1.6). */
const storyReply = (igId: string, sender: string, mid: string, text: string) =>
  messagingWebhook('instagram', igId, [
    {
      sender,
      recipient: igId,
      message: { mid, text, reply_to: { story: { url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=7', id: '17890000000000001' } } },
    },
  ]);

describe('story-reply triggered flows', () => {
  it('a story reply with the keyword starts the story_reply flow once (webhook delivered twice); other replies and plain DMs do not', async () => {
    const { w, page } = await meta.connectedWorkspace('story-reply');
    const ig = page.instagram!;
    const replyFlow = await publishFlow(
      w.client,
      {
        nodes: [
          node('1', 'trigger', { type: 'story_reply', keywords: ['giveaway'], accountId: null, postId: null }),
          node('2', 'instagramDM', { text: 'You are in the giveaway!' }),
        ],
        edges: [edge('1', '2')],
      },
      'Story giveaway',
      'instagram',
    );
    const dmFlow = await publishFlow(
      w.client,
      {
        nodes: [
          node('1', 'trigger', { type: 'keyword_dm', keywords: ['giveaway'], accountId: null, postId: null }),
          node('2', 'instagramDM', { text: 'Plain DM answer' }),
        ],
        edges: [edge('1', '2')],
      },
      'Giveaway DM',
      'instagram',
    );

    const body = storyReply(ig.id, 'igsid-story-1', 'mid_story_reply_1', 'Count me in for the GIVEAWAY');
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200); // Meta's retry of the same delivery

    await expect.poll(async () => (await runsOf(w.client, replyFlow)).map((r) => r.status), { timeout: 15_000, interval: 100 }).toEqual(['completed']);
    const answers = () => meta.fake.sends.filter((s) => s.recipient === 'igsid-story-1' && s.text === 'You are in the giveaway!');
    await expect.poll(() => answers().length, { timeout: 10_000 }).toBe(1);
    expect(answers()[0]).toMatchObject({ kind: 'dm', on: page.id });
    // The keyword DM flow shares the keyword but does not take a story reply.
    expect(await runsOf(w.client, dmFlow)).toHaveLength(0);

    // Stored like any DM (the inbox shows its text), the run's trigger says what started it.
    const { rows } = await meta.pool.query<{ content: string; direction: string; trigger: { type: string } }>(
      `select m.content, m.direction, r.trigger from messages m join flow_runs r on r.flow_id = $2
        where m.platform_message_id = 'mid_story_reply_1' and m.workspace_id = $1`,
      [w.user.workspaceId, replyFlow],
    );
    expect(rows).toEqual([{ content: 'Count me in for the GIVEAWAY', direction: 'inbound', trigger: expect.objectContaining({ type: 'story_reply' }) }]);

    // A story reply without the keyword starts nothing; a plain DM with it starts the DM flow only.
    await meta.fake.deliverWebhook(meta.hook, storyReply(ig.id, 'igsid-story-2', 'mid_story_reply_2', 'nice shoes'));
    await meta.fake.deliverWebhook(
      meta.hook,
      messagingWebhook('instagram', ig.id, [{ sender: 'igsid-story-2', recipient: ig.id, message: { mid: 'mid_plain_2', text: 'giveaway?' } }]),
    );
    await expect.poll(async () => (await runsOf(w.client, dmFlow)).length, { timeout: 15_000 }).toBe(1);
    expect(await runsOf(w.client, replyFlow)).toHaveLength(1);
    expect(answers()).toHaveLength(1);
  });
});
