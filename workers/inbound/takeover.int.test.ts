import { describe, expect, it } from 'vitest';
import { igCommentsWebhook, messagingWebhook } from '../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../tests/support/flows';
import { useMetaApp } from '../../tests/support/meta-app';

const meta = useMetaApp({ TIMER_PUMP_INTERVAL_MS: '50' });

const segment = { tags: [], fields: [], platform: null, leadStatus: null, lastInboundWithinHours: null };

/** Human takeover (contracts/takeover.ts) through the signed Meta webhook path, the real worker and the Graph API fake. */
describe('human takeover: a member’s reply pauses automation for that contact', () => {
  it('reply → no rule DM, no flow, broadcast skips; Resume → automation answers; the quiet time passing resumes it too', async () => {
    const { w, page, igAccountId } = await meta.connectedWorkspace('takeover');
    const ig = page.instagram!;
    const FAN = 'igsid-takeover-fan';
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
    const dm = (text: string) =>
      meta.fake.deliverWebhook(
        meta.hook,
        messagingWebhook('instagram', ig.id, [{ sender: FAN, recipient: ig.id, message: { mid: `mid-takeover-${++n}`, text } }]),
      );
    const comment = (id: string, text: string) =>
      meta.fake.deliverWebhook(meta.hook, igCommentsWebhook(ig.id, [{ id, text, from: { id: FAN, username: 'takeover_fan' }, mediaId: 'media-takeover' }]));
    const sentTo = (text: string) => meta.fake.sends.filter((s) => s.recipient === FAN && s.text === text);
    const privateReplies = (commentId: string) => meta.fake.sends.filter((s) => s.kind === 'private_reply' && s.recipient === commentId);
    const count = async (sql: string, params: unknown[]) => (await meta.pool.query<{ n: number }>(sql, params)).rows[0]!.n;
    const activity = (action: string) =>
      count('select count(*)::int as n from automation_activity where workspace_id = $1 and action = $2', [w.user.workspaceId, action]);
    const processed = async () =>
      (await count('select count(*)::int as n from inbound_events where workspace_id = $1 and processed_at is null', [w.user.workspaceId])) === 0;
    const conversation = async () =>
      (await w.client.get('/api/conversations')).data.conversations.find((c: { externalUserId: string }) => c.externalUserId === FAN);

    // The fan writes first (the conversation, and Meta's messaging window); the bot owns it.
    expect((await dm('hello there')).status).toBe(200);
    await expect.poll(async () => (await conversation())?.id, { timeout: 15_000 }).toBeTruthy();
    const conv = await conversation();
    expect(conv.automation).toEqual({ paused: false, pausedUntil: null, pausedBy: null });

    // A member replies from the inbox: that is the takeover, in the same transaction as the queued reply.
    expect((await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'Hi, Sam here — how can I help?' })).status).toBe(201);
    await expect.poll(() => sentTo('Hi, Sam here — how can I help?').length, { timeout: 10_000 }).toBe(1);
    // Inside the 24-hour window a person's reply needs no tag (HUMAN_AGENT is for days 2–7, docs/platform-apis.md §2.1).
    expect(sentTo('Hi, Sam here — how can I help?')[0]).toMatchObject({ kind: 'dm', tag: null });
    const paused = await conversation();
    expect(paused.automation).toMatchObject({ paused: true, pausedUntil: expect.any(String), pausedBy: { id: w.user.id, name: expect.any(String) } });
    const hours = (Date.parse(paused.automation.pausedUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // A keyword comment: no private reply; a keyword DM: no run; the feed says why.
    await comment('c-takeover-1', 'price please');
    await dm('guide');
    await expect.poll(processed, { timeout: 15_000 }).toBe(true);
    expect(await activity('comment_contact_paused')).toBe(1);
    expect(await activity('dm_contact_paused')).toBe(1);
    expect(privateReplies('c-takeover-1')).toHaveLength(0);
    expect(await runsOf(w.client, dmFlow)).toHaveLength(0);

    // A broadcast skips them, with the reason; the dialog's count is the dispatcher's rule.
    const audience = (await w.client.post('/api/broadcasts/audience', { segment })).data;
    expect(audience).toMatchObject({ total: 1, reachable: 0 });
    expect(audience.skipped).toEqual([{ reason: 'Paused: a teammate is handling this conversation', count: 1 }]);

    // Bad input and other ids.
    expect((await w.client.post(`/api/conversations/${conv.id}/automation`, { paused: 'no' })).status).toBe(400);
    expect((await w.client.post('/api/conversations/00000000-0000-4000-8000-000000000000/automation', { paused: false })).status).toBe(404);

    // Resume automation: audited with the existing writer; automation answers again.
    const resumed = await w.client.post(`/api/conversations/${conv.id}/automation`, { paused: false });
    expect(resumed.status).toBe(200);
    expect(resumed.data.automation).toEqual({ paused: false, pausedUntil: null, pausedBy: null });
    const audit = (await w.client.get('/api/audit-log?action=automation.resumed')).data;
    expect(audit.entries).toEqual([
      expect.objectContaining({ action: 'automation.resumed', targetType: 'conversation', targetId: conv.id, targetLabel: '@takeover_fan' }),
    ]);
    await comment('c-takeover-2', 'price?');
    await expect.poll(() => privateReplies('c-takeover-2').length, { timeout: 15_000 }).toBe(1);
    await dm('guide');
    await expect.poll(() => sentTo('Here is the guide').length, { timeout: 15_000 }).toBe(1);
    expect((await w.client.post('/api/broadcasts/audience', { segment })).data).toMatchObject({ total: 1, reachable: 1 });

    // Paused again (here by the Pause action); then the quiet time passes: automation answers by itself.
    expect((await w.client.post(`/api/conversations/${conv.id}/automation`, { paused: true })).data.automation.paused).toBe(true);
    await comment('c-takeover-3', 'price?');
    await expect.poll(processed, { timeout: 15_000 }).toBe(true);
    expect(privateReplies('c-takeover-3')).toHaveLength(0);
    await meta.pool.query(`update contacts set automation_paused_until = now() - interval '1 minute' where account_id = $1 and external_user_id = $2`, [
      igAccountId,
      FAN,
    ]);
    expect((await conversation()).automation.paused).toBe(false);
    await comment('c-takeover-4', 'price?');
    await expect.poll(() => privateReplies('c-takeover-4').length, { timeout: 15_000 }).toBe(1);
    expect((await w.client.post('/api/broadcasts/audience', { segment })).data).toMatchObject({ total: 1, reachable: 1 });
    // No automated send ever carried HUMAN_AGENT.
    expect(meta.fake.sends.filter((s) => s.recipient === FAN && s.tag !== null).map((s) => s.text)).toEqual([]);
  });

  it('a run under way sends nothing after a member replies: its DM step fails with the pause as the reason', async () => {
    const { w, page } = await meta.connectedWorkspace('takeover-run');
    const ig = page.instagram!;
    const fan = 'igsid-takeover-run';
    const flowId = await publishFlow(
      w.client,
      {
        nodes: [keywordTrigger(['tips']), node('2', 'delay', { amount: 2, unit: 'seconds' }), node('3', 'instagramDM', { text: 'Tip #1' })],
        edges: [edge('1', '2'), edge('2', '3')],
      },
      'Tips',
      'instagram',
    );
    await meta.fake.deliverWebhook(
      meta.hook,
      messagingWebhook('instagram', ig.id, [{ sender: fan, recipient: ig.id, message: { mid: 'mid-trun-1', text: 'tips' } }]),
    );
    await expect.poll(async () => (await runsOf(w.client, flowId)).length, { timeout: 15_000 }).toBe(1);
    const conv = (await w.client.get('/api/conversations')).data.conversations.find((c: { externalUserId: string }) => c.externalUserId === fan);
    expect((await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'I will send you the tips myself' })).status).toBe(201);
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('failed');
    const run = await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id);
    expect(run.statusDetail ?? run.steps.map((s) => s.error).join(' ')).toMatch(/paused: a teammate is handling this conversation/);
    expect(meta.fake.sends.filter((s) => s.recipient === fan).map((s) => s.text)).toEqual(['I will send you the tips myself']);
  });

  it('an automated DM already queued behind the rate limit is cancelled by the takeover, in its commit; the person’s reply goes', async () => {
    const { w, page, igAccountId } = await meta.connectedWorkspace('takeover-queued');
    const ig = page.instagram!;
    const fan = 'igsid-takeover-queued';
    await publishFlow(
      w.client,
      { nodes: [keywordTrigger(['guide']), node('2', 'instagramDM', { text: 'Here is the guide (queued)' })], edges: [edge('1', '2')] },
      'Guide',
      'instagram',
    );
    const rows = async () =>
      (
        await meta.pool.query<{ id: string; status: string; failure_reason: string | null; source: string | null }>(
          `select l.id, l.status, l.failure_reason, m.source from outbound_ledger l left join messages m on m.id = l.message_id
           where l.account_id = $1 and l.target = $2 order by l.created_at`,
          [igAccountId, fan],
        )
      ).rows;
    // The account's DM clock an hour ahead (a paced account): the flow's DM waits for a far slot.
    await meta.pool.query(
      `insert into send_rate_limits (account_id, kind, tat) values ($1, 'dm', now() + interval '1 hour')
       on conflict (account_id, kind) do update set tat = excluded.tat`,
      [igAccountId],
    );
    await meta.fake.deliverWebhook(
      meta.hook,
      messagingWebhook('instagram', ig.id, [{ sender: fan, recipient: ig.id, message: { mid: 'mid-tq-1', text: 'guide' } }]),
    );
    await expect.poll(async () => (await rows()).map((r) => [r.source, r.status]), { timeout: 15_000 }).toEqual([['flow', 'queued']]);
    await meta.pool.query(`delete from send_rate_limits where account_id = $1`, [igAccountId]);

    const conv = (await w.client.get('/api/conversations')).data.conversations.find((c: { externalUserId: string }) => c.externalUserId === fan);
    expect((await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'Sam here, sending it myself' })).status).toBe(201);
    const [flow, human] = await rows();
    expect(flow).toMatchObject({ source: 'flow', status: 'failed', failure_reason: 'taken_over' });
    expect(human).toMatchObject({ source: 'inbox', failure_reason: null });
    await expect
      .poll(() => meta.fake.sends.filter((s) => s.recipient === fan).map((s) => s.text), { timeout: 15_000 })
      .toEqual(['Sam here, sending it myself']);
    const failed = (await w.client.get('/api/failed-sends?reason=taken_over')).data.items as { id: string; reasonLabel: string }[];
    expect(failed).toEqual([expect.objectContaining({ id: flow!.id, reasonLabel: 'A teammate took the conversation over' })]);
  });

  it('Settings → Inbox: the quiet time, checked, audited, and used by the next reply', async () => {
    const { w, page } = await meta.connectedWorkspace('takeover-quiet');
    const ig = page.instagram!;
    expect((await w.client.get('/api/settings/takeover')).data).toEqual({ quietHours: 24 });
    const bad = await w.client.put('/api/settings/takeover', { quietHours: 0 });
    expect(bad.status).toBe(400);
    expect(bad.data.details).toEqual([expect.objectContaining({ path: 'quietHours' })]);
    expect((await w.client.put('/api/settings/takeover', { quietHours: 1.5 })).status).toBe(400);
    expect((await w.client.put('/api/settings/takeover', { quietHours: 2 })).data).toEqual({ quietHours: 2 });
    const fan = 'igsid-takeover-quiet';
    await meta.fake.deliverWebhook(
      meta.hook,
      messagingWebhook('instagram', ig.id, [{ sender: fan, recipient: ig.id, message: { mid: 'mid-quiet-1', text: 'hi' } }]),
    );
    const find = async () => (await w.client.get('/api/conversations')).data.conversations.find((c: { externalUserId: string }) => c.externalUserId === fan);
    await expect.poll(async () => (await find())?.id, { timeout: 15_000 }).toBeTruthy();
    await w.client.post(`/api/conversations/${(await find()).id}/messages`, { content: 'hello' });
    const hours = (Date.parse((await find()).automation.pausedUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
  });
});
