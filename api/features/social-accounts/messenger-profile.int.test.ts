import { describe, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow } from '../../../tests/support/flows';
import { useMetaApp } from '../../../tests/support/meta-app';

const meta = useMetaApp();
const postbackFlow = (name: string) => ({
  nodes: [node('1', 'trigger', { type: 'postback', keywords: [], accountId: null, postId: null }), node('2', 'instagramDM', { text: name })],
  edges: [edge('1', '2')],
});

describe('ice breakers and persistent menu (Messenger Profile API)', () => {
  it('PUT pushes Instagram ice breakers with platform=instagram and flow:<id> payloads; GET shows Meta’s copy next to ours; an empty list clears it', async () => {
    const { w, page, igAccountId } = await meta.connectedWorkspace('ice');
    const flow = await publishFlow(w.client, postbackFlow('Prices'), 'Prices', 'instagram');
    const put = await w.client.put(`/api/social-accounts/${igAccountId}/ice-breakers`, {
      locales: [
        { locale: 'default', items: [{ question: 'What are your prices?', flowId: flow }] },
        { locale: 'fr_FR', items: [{ question: 'Quels sont vos prix ?', flowId: flow }] },
      ],
    });
    expect(put.status).toBe(200);
    expect(meta.fake.messengerProfiles.get(`${page.id}:instagram`)?.ice_breakers).toEqual([
      { locale: 'default', call_to_actions: [{ question: 'What are your prices?', payload: `flow:${flow}` }] },
      { locale: 'fr_FR', call_to_actions: [{ question: 'Quels sont vos prix ?', payload: `flow:${flow}` }] },
    ]);
    const got = await w.client.get(`/api/social-accounts/${igAccountId}/ice-breakers`);
    expect(got.data.platform.locales[0]).toEqual({ locale: 'default', items: [{ title: 'What are your prices?', type: 'postback', flowId: flow, url: null }] });
    expect(got.data.pushed.locales).toHaveLength(2);
    expect(got.data.pushedAt).toEqual(expect.any(String));

    const cleared = await w.client.put(`/api/social-accounts/${igAccountId}/ice-breakers`, { locales: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.data).toMatchObject({ pushed: null, platform: { locales: [] } });
    expect(meta.fake.calls.some((c) => c.method === 'DELETE' && c.path === `/${page.id}/messenger_profile` && c.query.platform === 'instagram')).toBe(true);
  });

  it('refuses what Meta would refuse, and flows that would not start on a tap, with plain words', async () => {
    const { w, igAccountId, pageAccountId, page } = await meta.connectedWorkspace('icebad');
    const flow = await publishFlow(w.client, postbackFlow('Hi'), 'Hi', 'instagram');
    const keyword = await publishFlow(
      w.client,
      { nodes: [keywordTrigger(['hi']), node('2', 'instagramDM', { text: 'x' })], edges: [edge('1', '2')] },
      'Kw',
      'instagram',
    );
    const five = Array.from({ length: 5 }, (_, i) => ({ question: `Q${i}`, flowId: flow }));
    const tooMany = await w.client.put(`/api/social-accounts/${igAccountId}/ice-breakers`, { locales: [{ locale: 'default', items: five }] });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.data.details)).toContain('at most 4');
    const noDefault = await w.client.put(`/api/social-accounts/${igAccountId}/ice-breakers`, {
      locales: [{ locale: 'en_US', items: [{ question: 'Q', flowId: flow }] }],
    });
    expect(noDefault.status).toBe(400);
    const wrongFlow = await w.client.put(`/api/social-accounts/${igAccountId}/ice-breakers`, {
      locales: [{ locale: 'default', items: [{ question: 'Q', flowId: keyword }] }],
    });
    expect(wrongFlow.status).toBe(400);
    expect(wrongFlow.data.error).toContain('does not start on a tap');
    const longTitle = await w.client.put(`/api/social-accounts/${pageAccountId}/persistent-menu`, {
      locales: [{ locale: 'default', items: [{ type: 'postback', title: 'x'.repeat(31), flowId: flow }] }],
    });
    expect(longTitle.status).toBe(400);
    expect(meta.fake.messengerProfiles.get(page.id)).toBeUndefined();

    // Meta's own refusal is passed on in its words.
    meta.fake.failNext(/messenger_profile/, { code: 100, message: '(#100) Invalid locale' });
    const refused = await w.client.put(`/api/social-accounts/${pageAccountId}/persistent-menu`, {
      locales: [
        {
          locale: 'default',
          items: [
            { type: 'postback', title: 'Prices', flowId: flow },
            { type: 'web_url', title: 'Shop', url: 'https://shop.example/' },
          ],
        },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.data.error).toContain('Invalid locale');
    const ok = await w.client.put(`/api/social-accounts/${pageAccountId}/persistent-menu`, {
      locales: [
        {
          locale: 'default',
          items: [
            { type: 'postback', title: 'Prices', flowId: flow },
            { type: 'web_url', title: 'Shop', url: 'https://shop.example/' },
          ],
        },
      ],
    });
    expect(ok.status).toBe(200);
    expect(meta.fake.messengerProfiles.get(page.id)?.persistent_menu?.[0]?.call_to_actions).toEqual([
      { type: 'postback', title: 'Prices', payload: `flow:${flow}` },
      { type: 'web_url', title: 'Shop', url: 'https://shop.example/' },
    ]);
  });

  it('another workspace’s account is 404', async () => {
    const a = await meta.connectedWorkspace('iceA');
    const b = await meta.connectedWorkspace('iceB');
    expect((await b.w.client.get(`/api/social-accounts/${a.igAccountId}/ice-breakers`)).status).toBe(404);
    expect((await b.w.client.put(`/api/social-accounts/${a.igAccountId}/persistent-menu`, { locales: [] })).status).toBe(404);
  });
});
