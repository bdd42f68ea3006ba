import { describe, expect, it } from 'vitest';
import { DEFAULT_OPT_OUT_SETTINGS } from '../../contracts/opt-out';
import { igCommentsWebhook, messagingWebhook } from '../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../tests/support/flows';
import { useMetaApp } from '../../tests/support/meta-app';

const meta = useMetaApp({ TIMER_PUMP_INTERVAL_MS: '50' });

const segment = { tags: [], fields: [], platform: null, leadStatus: null, lastInboundWithinHours: null };
const FAN = 'igsid-optout-fan';

/** The opt-out (docs/platform-apis.md §2.11) through the signed Meta webhook path, the real worker and the Graph API fake. */
describe('opt-out: STOP means nothing automated until START', () => {
  it('STOP twice → one opt-out, one confirmation; then no rule reply, no flow, no broadcast; START → one welcome back and automation resumes', async () => {
    const { w, page, igAccountId } = await meta.connectedWorkspace('optout');
    const ig = page.instagram!;
    const dmFlow = await publishFlow(
      w.client,
      { nodes: [keywordTrigger(['guide']), node('2', 'instagramDM', { text: 'Here is the guide' })], edges: [edge('1', '2')] },
      'Guide',
      'instagram',
    );
    expect((await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['price'], responseTemplate: 'Prices are in your DMs' })).status).toBe(
      201,
    );

    let n = 0;
    const dm = (text: string, mid = `mid-optout-${++n}`) =>
      meta.fake.deliverWebhook(meta.hook, messagingWebhook('instagram', ig.id, [{ sender: FAN, recipient: ig.id, message: { mid, text } }]));
    const comment = (id: string, text: string) =>
      meta.fake.deliverWebhook(meta.hook, igCommentsWebhook(ig.id, [{ id, text, from: { id: FAN, username: 'optout_fan' }, mediaId: 'media-optout' }]));
    const sentTo = (text: string) => meta.fake.sends.filter((s) => s.recipient === FAN && s.text === text);
    const privateReplies = (commentId: string) => meta.fake.sends.filter((s) => s.kind === 'private_reply' && s.recipient === commentId);
    const contact = async () =>
      (
        await meta.pool.query<{ opted_out_at: Date | null }>('select opted_out_at from contacts where account_id = $1 and external_user_id = $2', [
          igAccountId,
          FAN,
        ])
      ).rows[0];
    const activity = async (action: string) =>
      (
        await meta.pool.query<{ n: number }>('select count(*)::int as n from automation_activity where workspace_id = $1 and action = $2', [
          w.user.workspaceId,
          action,
        ])
      ).rows[0]!.n;
    const processed = async () =>
      (
        await meta.pool.query<{ n: number }>('select count(*)::int as n from inbound_events where workspace_id = $1 and processed_at is null', [
          w.user.workspaceId,
        ])
      ).rows[0]!.n === 0;

    // The same signed delivery twice (Meta's retry): one opt-out, one confirmation.
    const stop = await dm('Stop', 'mid-optout-stop');
    expect(stop.status).toBe(200);
    expect((await dm('Stop', 'mid-optout-stop')).status).toBe(200);
    await expect.poll(() => sentTo(DEFAULT_OPT_OUT_SETTINGS.stopReply).length, { timeout: 15_000 }).toBe(1);
    expect((await contact())?.opted_out_at).toBeInstanceOf(Date);
    expect(sentTo(DEFAULT_OPT_OUT_SETTINGS.stopReply)[0]).toMatchObject({ kind: 'dm', tag: null });

    // A keyword comment: no private reply (nor public one); the feed says why.
    await comment('c-optout-1', 'price please');
    // A keyword DM: no run.
    await dm('guide');
    await expect.poll(processed, { timeout: 15_000 }).toBe(true);
    expect(await activity('comment_contact_opted_out')).toBe(1);
    expect(await activity('dm_contact_opted_out')).toBe(1);
    expect(privateReplies('c-optout-1')).toHaveLength(0);
    expect(await runsOf(w.client, dmFlow)).toHaveLength(0);

    // A broadcast: counted, but skipped with the reason; the dispatcher's rule and the dialog's count agree.
    const audience = (await w.client.post('/api/broadcasts/audience', { segment })).data;
    expect(audience).toMatchObject({ total: 1, reachable: 0, inWindow: 0 });
    expect(audience.skipped).toEqual([{ reason: expect.stringMatching(/^Opted out/), count: 1 }]);

    // The contact panel and the inbox say so.
    const conv = (await w.client.get('/api/conversations')).data.conversations.find((c: { externalUserId: string }) => c.externalUserId === FAN);
    expect(conv.contactOptedOut).toBe(true);
    const panel = (await w.client.get(`/api/conversations/${conv.id}/contact`)).data;
    expect(panel.contact).toMatchObject({ optedOut: true, optedOutAt: expect.any(String) });
    // A person's reply from the inbox is not automated: it still goes out.
    expect((await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'Sorry to see you go!' })).status).toBeLessThan(300);
    await expect.poll(() => sentTo('Sorry to see you go!').length, { timeout: 10_000 }).toBe(1);
    // That reply took the conversation over (contracts/takeover.ts); hand it back to automation.
    expect((await w.client.post(`/api/conversations/${conv.id}/automation`, { paused: false })).status).toBe(200);

    // STOP again while opted out: nothing more is sent.
    await dm('STOP');
    await expect.poll(processed, { timeout: 15_000 }).toBe(true);
    expect(sentTo(DEFAULT_OPT_OUT_SETTINGS.stopReply)).toHaveLength(1);

    // START: one welcome back (twice delivered), and automation answers again.
    await dm('start', 'mid-optout-start');
    await dm('start', 'mid-optout-start');
    await expect.poll(() => sentTo(DEFAULT_OPT_OUT_SETTINGS.startReply).length, { timeout: 15_000 }).toBe(1);
    expect((await contact())?.opted_out_at).toBeNull();
    expect(await runsOf(w.client, dmFlow)).toHaveLength(0); // START itself starts nothing
    await dm('guide');
    await expect.poll(() => sentTo('Here is the guide').length, { timeout: 15_000 }).toBe(1);
    await comment('c-optout-2', 'price?');
    await expect.poll(() => privateReplies('c-optout-2').length, { timeout: 15_000 }).toBe(1);
    expect(privateReplies('c-optout-1')).toHaveLength(0);
    expect((await w.client.post('/api/broadcasts/audience', { segment })).data).toMatchObject({ total: 1, reachable: 1 });
    expect(sentTo(DEFAULT_OPT_OUT_SETTINGS.stopReply)).toHaveLength(1);
    expect(sentTo(DEFAULT_OPT_OUT_SETTINGS.startReply)).toHaveLength(1);
  });

  it('a run already under way sends nothing after STOP: its DM step fails with "contact opted out"', async () => {
    const { w, page } = await meta.connectedWorkspace('optout-run');
    const ig = page.instagram!;
    const fan = 'igsid-optout-run';
    const flowId = await publishFlow(
      w.client,
      {
        nodes: [keywordTrigger(['tips']), node('2', 'delay', { amount: 2, unit: 'seconds' }), node('3', 'instagramDM', { text: 'Tip #1' })],
        edges: [edge('1', '2'), edge('2', '3')],
      },
      'Tips',
      'instagram',
    );
    const dm = (text: string, mid: string) =>
      meta.fake.deliverWebhook(meta.hook, messagingWebhook('instagram', ig.id, [{ sender: fan, recipient: ig.id, message: { mid, text } }]));
    await dm('tips', 'mid-run-1');
    await expect.poll(async () => (await runsOf(w.client, flowId)).length, { timeout: 15_000 }).toBe(1);
    await dm('UNSUBSCRIBE', 'mid-run-2');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('failed');
    const run = await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id);
    expect(run.statusDetail ?? run.steps.map((s) => s.error).join(' ')).toMatch(/contact opted out/);
    expect(meta.fake.sends.filter((s) => s.recipient === fan).map((s) => s.text)).toEqual([DEFAULT_OPT_OUT_SETTINGS.stopReply]);
  });

  it('Settings → Opt-out: the workspace’s own words and replies, checked, and back to the defaults', async () => {
    const { w, page } = await meta.connectedWorkspace('optout-words');
    const ig = page.instagram!;
    expect((await w.client.get('/api/settings/opt-out')).data).toMatchObject({ ...DEFAULT_OPT_OUT_SETTINGS, isDefault: true });
    const bad = await w.client.put('/api/settings/opt-out', { ...DEFAULT_OPT_OUT_SETTINGS, startWords: ['STOP'] });
    expect(bad.status).toBe(400);
    expect(bad.data.details).toEqual([expect.objectContaining({ path: 'startWords.0' })]);
    const mine = { stopWords: ['Basta'], startWords: ['Volver'], stopReply: 'Hecho: no más mensajes automáticos.', startReply: '¡Bienvenido de nuevo!' };
    expect((await w.client.put('/api/settings/opt-out', mine)).data).toMatchObject({ ...mine, isDefault: false });

    const fan = 'igsid-optout-words';
    const dm = (text: string, mid: string) =>
      meta.fake.deliverWebhook(meta.hook, messagingWebhook('instagram', ig.id, [{ sender: fan, recipient: ig.id, message: { mid, text } }]));
    await dm('STOP', 'mid-words-1'); // not this workspace's word any more: an ordinary DM
    await dm('basta!', 'mid-words-2');
    await expect.poll(() => meta.fake.sends.filter((s) => s.recipient === fan).map((s) => s.text), { timeout: 15_000 }).toEqual([mine.stopReply]);

    expect((await w.client.delete('/api/settings/opt-out')).data).toMatchObject({ isDefault: true, stopWords: DEFAULT_OPT_OUT_SETTINGS.stopWords });
  });
});
