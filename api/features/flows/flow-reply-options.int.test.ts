import { describe, expect, it } from 'vitest';
import { startMetaGraphFake } from '../../../tests/fakes/meta-graph.fake';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { fakePage, seedMetaAccounts } from '../../../tests/support/meta-accounts';
import { useTestApp } from '../../../tests/support/use-test-app';

// DM nodes' quick replies and buttons (contracts/reply-options.ts) through the real server to Meta's
// Graph API as a contract fake, which refuses what Meta refuses (tests/fakes/meta-message-content.ts).
const app = useTestApp({ fakes: { meta: startMetaGraphFake }, env: { TIMER_PUMP_INTERVAL_MS: '50' } });
const hook = () => `${app.t.baseUrl}/api/webhooks/facebook/webhook`;

describe('DM quick replies and buttons', () => {
  it('a signed webhook delivered twice gives one run and one DM with quick replies; the tap resumes the run once and the buttons go out as a template', async () => {
    const w = await app.signIn();
    const page = fakePage('qr');
    app.fakes.meta.addPage(page);
    await seedMetaAccounts(app.pool, w.user.workspaceId, page);
    const igId = page.instagram!.id;
    const flowId = await publishFlow(
      w.client,
      {
        nodes: [
          keywordTrigger(['guide']),
          node('2', 'instagramDM', { text: 'Which guide?', quickReplies: ['Reels', 'Stories'], contactQuickReplies: ['user_email'] }),
          node('3', 'waitForReply', { timeout: { amount: 1, unit: 'hours' }, saveAs: 'topic' }),
          node('4', 'instagramDM', {
            text: 'Here is the {field.topic} guide',
            buttons: [
              { type: 'web_url', title: 'Open it', url: 'https://example.com/guide' },
              { type: 'postback', title: 'Another one', payload: 'MORE' },
            ],
          }),
          node('5', 'complete'),
        ],
        edges: [edge('1', '2'), edge('2', '3'), edge('3', '4', 'reply'), edge('3', '5', 'timeout'), edge('4', '5')],
      },
      'Guides',
      'instagram',
    );
    const sender = 'igsid-qr-1';
    const first = messagingWebhook('instagram', igId, [{ sender, recipient: igId, message: { mid: 'mid_qr_1', text: 'guide please' } }]);
    expect((await app.fakes.meta.deliverWebhook(hook(), first)).status).toBe(200);
    expect((await app.fakes.meta.deliverWebhook(hook(), first)).status).toBe(200);
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('waiting');
    const sends = () => app.fakes.meta.sends.filter((s) => s.recipient === sender);
    expect(sends()).toEqual([
      expect.objectContaining({
        text: 'Which guide?',
        quickReplies: [
          { content_type: 'text', title: 'Reels', payload: 'Reels' },
          { content_type: 'text', title: 'Stories', payload: 'Stories' },
          { content_type: 'user_email' },
        ],
      }),
    ]);

    // The tap: a message with the quick reply's payload; delivered twice, it resumes the run once.
    const tap = messagingWebhook('instagram', igId, [
      { sender, recipient: igId, message: { mid: 'mid_qr_2', text: 'Reels', quick_reply: { payload: 'Reels' } } },
    ]);
    expect((await app.fakes.meta.deliverWebhook(hook(), tap)).status).toBe(200);
    expect((await app.fakes.meta.deliverWebhook(hook(), tap)).status).toBe(200);
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('completed');
    expect(await runsOf(w.client, flowId)).toHaveLength(1);
    expect(sends()).toHaveLength(2);
    expect(sends()[1]).toMatchObject({
      text: 'Here is the Reels guide',
      buttons: [
        { type: 'web_url', title: 'Open it', url: 'https://example.com/guide' },
        { type: 'postback', title: 'Another one', payload: 'MORE' },
      ],
    });
    expect(sends()[1]!.quickReplies).toBeUndefined();
  });

  it('refuses quick replies on an X DM at publish, in plain English', async () => {
    const w = await app.signIn();
    const res = await w.client.post('/api/flows', {
      name: 'X quick replies',
      platform: 'multi',
      isActive: true,
      flowData: {
        nodes: [keywordTrigger(['hi']), node('2', 'twitterDM', { text: 'Pick', quickReplies: ['A', 'B'] })],
        edges: [edge('1', '2')],
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).toContain("X's direct message API has no quick replies or buttons");
  });
});
