import { describe, expect, it } from 'vitest';
import type { FlowNode } from '../../../contracts/flows';
import { startMetaGraphFake } from '../../../tests/fakes/meta-graph.fake';
import { igCommentsWebhook, messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { fakePage, seedMetaAccounts } from '../../../tests/support/meta-accounts';
import { useTestApp } from '../../../tests/support/use-test-app';
import { maya } from '../../../tests/support/workspace';

// The Follow gate (contracts/flows/nodes/follow-gate.ts) through the real server: Meta's Graph API as a
// contract fake (the Send API and the User Profile API, docs/platform-apis.md §2.13), and the Simulator.
const app = useTestApp({ fakes: { meta: startMetaGraphFake }, env: { TIMER_PUMP_INTERVAL_MS: '50' } });
const hook = () => `${app.t.baseUrl}/api/webhooks/facebook/webhook`;
const BUTTON = "I'm following";

const gateFlow = (trigger: FlowNode, retries: number) => ({
  nodes: [
    trigger,
    node('2', 'followGate', {
      text: 'Follow us, then tap the button',
      buttonTitle: BUTTON,
      notYetText: "Can't see your follow yet",
      retries,
      timeout: { amount: 1, unit: 'hours' },
    }),
    node('3', 'instagramDM', { text: 'Here is the link: https://example.com/guide' }),
    node('4', 'instagramDM', { text: 'No follow, no link, sorry' }),
    node('5', 'complete'),
  ],
  edges: [edge('1', '2'), edge('2', '3', 'following'), edge('2', '4', 'notFollowing'), edge('2', '5', 'timeout'), edge('3', '5'), edge('4', '5')],
});
const commentTrigger = node('1', 'trigger', { type: 'comment', keywords: ['link'] });

async function metaSetup(prefix: string, fan: string, retries: number) {
  const w = await app.signIn();
  const page = fakePage(prefix);
  app.fakes.meta.addPage(page);
  await seedMetaAccounts(app.pool, w.user.workspaceId, page);
  const igId = page.instagram!.id;
  const flowId = await publishFlow(w.client, gateFlow(commentTrigger, retries), 'Follow gate', 'instagram');
  const twice = async (body: unknown) => {
    expect((await app.fakes.meta.deliverWebhook(hook(), body)).status).toBe(200);
    expect((await app.fakes.meta.deliverWebhook(hook(), body)).status).toBe(200);
  };
  const comment = (id: string) => twice(igCommentsWebhook(igId, [{ id, text: 'link please', from: { id: fan, username: 'fan' }, mediaId: `media-${prefix}` }]));
  const tap = (mid: string) =>
    twice(messagingWebhook('instagram', igId, [{ sender: fan, recipient: igId, message: { mid, text: BUTTON, quick_reply: { payload: BUTTON } } }]));
  const texts = () => app.fakes.meta.sends.filter((s) => s.on === igId || s.on === page.id).map((s) => s.text);
  const profileReads = () => app.fakes.meta.calls.filter((c) => c.method === 'GET' && c.path === `/${fan}`);
  const status = async () => (await runsOf(w.client, flowId))[0]?.status;
  return { w, flowId, comment, tap, texts, profileReads, status };
}

describe('Follow gate node', () => {
  it('through Meta: a comment delivered twice gives one run and one DM; a tap delivered twice resumes once; not yet, then following', async () => {
    const fan = 'igsid-follow-1';
    const m = await metaSetup('gate', fan, 2);
    app.fakes.meta.setUserProfile(fan, { follows: false, username: 'fan' });

    await m.comment('17900000000000101');
    await expect.poll(m.status, { timeout: 15_000 }).toBe('waiting');
    expect(await runsOf(m.w.client, m.flowId)).toHaveLength(1);
    expect(app.fakes.meta.sends.filter((s) => s.text === 'Follow us, then tap the button')).toEqual([
      expect.objectContaining({
        kind: 'private_reply',
        recipient: '17900000000000101',
        quickReplies: [expect.objectContaining({ title: BUTTON, payload: BUTTON })],
      }),
    ]);

    // Meta's "temporary" code 2 on the first read: the read is asked again (a read changes nothing), one "not yet" goes out.
    app.fakes.meta.failNext(new RegExp(`^/${fan}$`), { code: 2, message: 'An unexpected error has occurred. Please retry your request later.' });
    await m.tap('mid_gate_1');
    await expect.poll(() => m.texts().length, { timeout: 15_000 }).toBe(2);
    await expect.poll(m.status, { timeout: 15_000 }).toBe('waiting');
    expect(m.texts()[1]).toBe("Can't see your follow yet");
    expect(m.profileReads()).toHaveLength(2);
    expect(m.profileReads()[0]!.query.fields).toBe('name,username,is_user_follow_business,is_business_follow_user');

    app.fakes.meta.setUserProfile(fan, { follows: true, username: 'fan' });
    await m.tap('mid_gate_2');
    await expect.poll(m.status, { timeout: 15_000 }).toBe('completed');
    expect(m.texts()).toEqual(['Follow us, then tap the button', "Can't see your follow yet", 'Here is the link: https://example.com/guide']);
    expect(m.profileReads()).toHaveLength(3);
    const run = await runDetail(m.w.client, (await runsOf(m.w.client, m.flowId))[0]!.id);
    const checks = run.steps.filter((s) => s.kind === 'followGate' && s.output && typeof s.output === 'object' && 'follows' in s.output);
    expect(checks.map((s) => s.output)).toEqual([
      { follows: false, username: 'fan', attempt: 1, retriesLeft: 2 },
      { follows: true, username: 'fan', attempt: 2 },
    ]);
  });

  it('through Meta: not following twice leaves by "No follow"; a person who never messaged fails the check with Meta\'s reason', async () => {
    const fan = 'igsid-follow-2';
    const m = await metaSetup('nogate', fan, 1);
    app.fakes.meta.setUserProfile(fan, { follows: false });
    await m.comment('17900000000000201');
    await expect.poll(m.status, { timeout: 15_000 }).toBe('waiting');
    await m.tap('mid_nogate_1');
    await expect.poll(() => m.texts().length, { timeout: 15_000 }).toBe(2);
    await expect.poll(m.status, { timeout: 15_000 }).toBe('waiting');
    await m.tap('mid_nogate_2');
    await expect.poll(m.status, { timeout: 15_000 }).toBe('completed');
    expect(m.texts()).toEqual(['Follow us, then tap the button', "Can't see your follow yet", 'No follow, no link, sorry']);

    // Meta's consent rule (code 230): the step fails with the reason, nothing more is sent.
    const stranger = 'igsid-follow-3';
    const s = await metaSetup('consent', stranger, 1);
    app.fakes.meta.setUserProfile(stranger, { follows: true, consented: false });
    await s.comment('17900000000000301');
    await expect.poll(s.status, { timeout: 15_000 }).toBe('waiting');
    await s.tap('mid_consent_1');
    await expect.poll(s.status, { timeout: 15_000 }).toBe('failed');
    const run = await runDetail(s.w.client, (await runsOf(s.w.client, s.flowId))[0]!.id);
    expect(run.steps.find((x) => x.status === 'failed')?.error).toMatch(/only after the person messages the account.*code 230/);
    expect(s.texts()).toEqual(['Follow us, then tap the button']);
  });

  it('on Messenger: a run of an Instagram flow on the Page fails the gate before anything is sent', async () => {
    const w = await app.signIn();
    const page = fakePage('fbgate');
    app.fakes.meta.addPage(page);
    await seedMetaAccounts(app.pool, w.user.workspaceId, page);
    const flowId = await publishFlow(w.client, gateFlow(keywordTrigger(['link']), 1), 'Gate', 'instagram');
    const body = messagingWebhook('page', page.id, [{ sender: 'psid-gate-1', recipient: page.id, message: { mid: 'mid_fbgate_1', text: 'link' } }]);
    expect((await app.fakes.meta.deliverWebhook(hook(), body)).status).toBe(200);
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('failed');
    const run = await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id);
    expect(run.steps.find((x) => x.status === 'failed')?.error).toBe('Follow gates work on Instagram only: this run is on another channel');
    expect(app.fakes.meta.sends.filter((x) => x.on === page.id)).toEqual([]);
  });

  it('in the Simulator: the simulated person follows or not, as set there', async () => {
    const w = await app.signIn();
    const flowId = await publishFlow(w.client, gateFlow(keywordTrigger(['link']), 1), 'Gate', 'instagram');
    const dm = async (text: string) =>
      expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text })).status).toBe(202);
    const outbox = async () => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text);
    const status = async () => (await runsOf(w.client, flowId))[0]?.status;
    await dm('link');
    await expect.poll(outbox, { timeout: 15_000 }).toContain('Follow us, then tap the button');
    await expect.poll(status, { timeout: 15_000 }).toBe('waiting');
    await dm(BUTTON);
    await expect.poll(outbox, { timeout: 15_000 }).toContain("Can't see your follow yet");
    await expect.poll(status, { timeout: 15_000 }).toBe('waiting');

    const follow = await w.client.put('/api/simulator/follows', { accountId: w.instagram.id, externalUserId: maya.externalUserId, follows: true });
    expect(follow.status).toBe(200);
    expect((await w.client.get('/api/simulator')).data.follows).toEqual([{ accountId: w.instagram.id, externalUserId: maya.externalUserId }]);
    expect((await w.client.put('/api/simulator/follows', { accountId: w.instagram.id, externalUserId: '', follows: 'yes' })).status).toBe(400);

    await dm(BUTTON);
    await expect.poll(status, { timeout: 15_000 }).toBe('completed');
    expect((await outbox()).filter((t) => t.startsWith('Here is the link'))).toHaveLength(1);
  });
});
