import { describe, expect, it } from 'vitest';
import { jobKey } from '../../contracts/jobs';
import { DEFAULT_OPT_OUT_SETTINGS } from '../../contracts/opt-out';
import { messagingWebhook } from '../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../tests/support/flows';
import { useMetaApp } from '../../tests/support/meta-app';

const meta = useMetaApp({ TIMER_PUMP_INTERVAL_MS: '50' });

const segment = { tags: [], fields: [], platform: null, leadStatus: null, lastInboundWithinHours: null };
const FAN = 'igsid-optout-queued';

interface LedgerRow {
  id: string;
  status: string;
  failure_reason: string | null;
  error: string | null;
  scheduled_for: Date;
  source: string | null;
}

/**
 * Sends queued for a contact before their STOP (docs/platform-apis.md §2.11): the STOP's own commit
 * cancels the automated ones still waiting for their slot; a person's inbox reply still goes.
 */
describe('opt-out: automated sends queued before STOP are cancelled', () => {
  it('a flow DM waiting for its slot fails as "contact opted out", a paced broadcast skips them at their turn, neither reaches Meta; the inbox reply queued before goes', async () => {
    const { w, page, igAccountId } = await meta.connectedWorkspace('optq');
    const ig = page.instagram!;
    const flowId = await publishFlow(
      w.client,
      { nodes: [keywordTrigger(['guide']), node('2', 'instagramDM', { text: 'Here is the guide (queued)' })], edges: [edge('1', '2')] },
      'Guide',
      'instagram',
    );
    const dm = (text: string, mid: string) =>
      meta.fake.deliverWebhook(meta.hook, messagingWebhook('instagram', ig.id, [{ sender: FAN, recipient: ig.id, message: { mid, text } }]));
    const sentTexts = () => meta.fake.sends.filter((s) => s.recipient === FAN).map((s) => s.text);
    const ledger = async () =>
      (
        await meta.pool.query<LedgerRow>(
          `select l.id, l.status, l.failure_reason, l.error, l.scheduled_for, m.source
           from outbound_ledger l left join messages m on m.id = l.message_id
           where l.account_id = $1 and l.target = $2 order by l.created_at`,
          [igAccountId, FAN],
        )
      ).rows;
    const bySource = async (source: string) => (await ledger()).filter((r) => r.source === source);
    // The account's DM clock an hour ahead: every send queued now waits for a far slot (a paced account).
    const pace = (ahead: boolean) =>
      ahead
        ? meta.pool.query(
            `insert into send_rate_limits (account_id, kind, tat) values ($1, 'dm', now() + interval '1 hour')
             on conflict (account_id, kind) do update set tat = excluded.tat`,
            [igAccountId],
          )
        : meta.pool.query(`delete from send_rate_limits where account_id = $1`, [igAccountId]);
    // A row's slot comes now: its scheduled time and its outbound.send job (graphile_worker.add_job replaces a job by key).
    const dueNow = async (ledgerId: string) => {
      await meta.pool.query(`update outbound_ledger set scheduled_for = now() where id = $1`, [ledgerId]);
      await meta.pool.query(`select graphile_worker.add_job('outbound.send', json_build_object('ledgerId', $1::text), run_at => now(), job_key => $2)`, [
        ledgerId,
        jobKey('outbound.send', ledgerId),
      ]);
    };

    await pace(true);
    // The fan says hello; a person answers from the inbox (queued behind the far slot), which takes the
    // conversation over, and hands it back to automation (Resume automation).
    await dm('hello there', 'mid-optq-0');
    await expect
      .poll(async () => ((await w.client.get('/api/conversations')).data.conversations as { externalUserId: string }[]).some((c) => c.externalUserId === FAN), {
        timeout: 15_000,
      })
      .toBe(true);
    const conv = (await w.client.get('/api/conversations')).data.conversations.find((c: { externalUserId: string }) => c.externalUserId === FAN);
    expect((await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'A person writes back' })).status).toBe(201);
    expect((await w.client.post(`/api/conversations/${conv.id}/automation`, { paused: false })).status).toBe(200);

    // The fan asks for the guide: the flow's DM is queued behind the far slot, its run waits.
    await dm('guide', 'mid-optq-1');
    await expect.poll(async () => (await bySource('flow')).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await runsOf(w.client, flowId)).length, { timeout: 15_000 }).toBe(1);

    // A broadcast to everyone: with the account's slots an hour out, its recipient waits unqueued
    // (the dispatcher queues only as far as the slots inside its lookahead, ADR 0053).
    const b = (await w.client.post('/api/broadcasts', { name: 'Sale', text: 'Spring sale, queued', segment })).data;
    expect((await w.client.post(`/api/broadcasts/${b.id}/start`, {})).status).toBeLessThan(300);
    await expect.poll(async () => (await w.client.get(`/api/broadcasts/${b.id}`)).data.status, { timeout: 15_000 }).toBe('running');
    expect((await w.client.get(`/api/broadcasts/${b.id}`)).data.progress).toMatchObject({ total: 1, pending: 1, queued: 0 });
    expect(await bySource('broadcast')).toEqual([]);

    const before = await ledger();
    expect(before.map((r) => r.status)).toEqual(['queued', 'queued']);
    for (const r of before) expect(r.scheduled_for.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(sentTexts()).toEqual([]);

    // The clock back to now so the confirmation is not paced, then STOP.
    await pace(false);
    await dm('STOP', 'mid-optq-stop');
    await expect.poll(sentTexts, { timeout: 15_000 }).toEqual([DEFAULT_OPT_OUT_SETTINGS.stopReply]);

    const [flow] = await bySource('flow');
    const [human] = await bySource('inbox');
    expect(flow).toMatchObject({ status: 'failed', failure_reason: 'opted_out', error: expect.stringMatching(/contact opted out/) });
    expect(human).toMatchObject({ status: 'queued', failure_reason: null });
    const feed = await meta.pool.query<{ message: string }>(
      `select message from automation_activity where workspace_id = $1 and action = 'contact_opted_out'`,
      [w.user.workspaceId],
    );
    expect(feed.rows.map((r) => r.message)).toEqual([expect.stringContaining('1 queued automated send to them cancelled')]);

    // The broadcast's turn comes (its dispatch job due now): the fan is skipped as opted out, never queued.
    await meta.pool.query(`select graphile_worker.add_job('broadcast.dispatch', json_build_object('broadcastId', $1::text), run_at => now(), job_key => $2)`, [
      b.id,
      jobKey('broadcast.dispatch', b.id),
    ]);
    await expect.poll(async () => (await w.client.get(`/api/broadcasts/${b.id}`)).data.status, { timeout: 15_000 }).toBe('completed');
    const progress = (await w.client.get(`/api/broadcasts/${b.id}`)).data.progress;
    expect(progress).toMatchObject({ total: 1, skipped: 1, failed: 0, queued: 0, sent: 0 });
    const report = (await w.client.get(`/api/broadcasts/${b.id}/recipients`)).data;
    expect(JSON.stringify(report)).toMatch(/Opted out/);
    expect(await bySource('broadcast')).toEqual([]);
    // Failed sends say so, and a retry from Failed sends is refused while they stay opted out.
    const failed = (await w.client.get('/api/failed-sends?reason=opted_out')).data.items as { id: string; reasonLabel: string }[];
    expect(failed.map((f) => f.id)).toEqual([flow!.id]);
    expect(failed[0]!.reasonLabel).toBe('Contact opted out');
    const retry = (await w.client.post('/api/failed-sends/retry', { ids: [flow!.id] })).data;
    expect(JSON.stringify(retry)).toMatch(/opted out/);

    // Every slot comes now: the inbox reply goes; the cancelled rows' jobs find them failed and send nothing.
    for (const r of [human!, flow!]) await dueNow(r.id);
    await expect.poll(sentTexts, { timeout: 15_000 }).toEqual([DEFAULT_OPT_OUT_SETTINGS.stopReply, 'A person writes back']);
    await expect
      .poll(
        async () =>
          (
            await meta.pool.query<{ n: number }>(`select count(*)::int as n from graphile_worker.jobs where key = any($1::text[])`, [
              [jobKey('outbound.send', flow!.id)],
            ])
          ).rows[0]!.n,
        { timeout: 15_000 },
      )
      .toBe(0);
    expect(sentTexts()).toEqual([DEFAULT_OPT_OUT_SETTINGS.stopReply, 'A person writes back']);
  });
});
