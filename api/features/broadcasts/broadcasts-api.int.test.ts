import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSandboxXAccount, seedContacts } from '../../../tests/support/contacts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type W = Awaited<ReturnType<typeof newWorkspaceUser>>;
const segment = (s: Record<string, unknown> = {}) => ({ tags: [], fields: [], platform: null, leadStatus: null, lastInboundWithinHours: null, ...s });
const count = async (sql: string, params: unknown[]) => (await t.app.database.pool.query(sql, params)).rows[0].n as number;
const deliveries = (workspaceId: string) => count('select count(*)::int as n from sandbox_deliveries where workspace_id = $1', [workspaceId]);
const distinctDeliveries = (workspaceId: string) =>
  count('select count(distinct (account_id, recipient_external_id))::int as n from sandbox_deliveries where workspace_id = $1', [workspaceId]);

/** IG: 10 vip in the window (plan=pro, 2 of them qualified leads), 5 vip 30 h ago, 3 vip never, 4 untagged in the window; Messenger: 6 vip in the window; X: 2 vip who never wrote. */
async function seedAudience(w: W) {
  const pool = t.app.database.pool;
  const ws = w.user.workspaceId;
  await seedContacts(pool, {
    workspaceId: ws,
    accountId: w.instagram.id,
    prefix: 'ig-in',
    count: 10,
    lastInboundHoursAgo: 2,
    tags: ['vip'],
    fields: { plan: 'pro' },
  });
  await seedContacts(pool, { workspaceId: ws, accountId: w.instagram.id, prefix: 'ig-old', count: 5, lastInboundHoursAgo: 30, tags: ['vip'] });
  await seedContacts(pool, { workspaceId: ws, accountId: w.instagram.id, prefix: 'ig-never', count: 3, lastInboundHoursAgo: null, tags: ['vip'] });
  await seedContacts(pool, { workspaceId: ws, accountId: w.instagram.id, prefix: 'ig-plain', count: 4, lastInboundHoursAgo: 1 });
  await seedContacts(pool, { workspaceId: ws, accountId: w.messenger.id, prefix: 'fb-in', count: 6, lastInboundHoursAgo: 23, tags: ['vip', 'shoes'] });
  const x = await addSandboxXAccount(pool, ws);
  await seedContacts(pool, { workspaceId: ws, accountId: x, prefix: 'x-never', count: 2, lastInboundHoursAgo: null, tags: ['vip'] });
  await pool.query(
    `insert into leads (workspace_id, contact_id, name, source, status)
     select workspace_id, id, name, 'instagram', 'qualified' from contacts where workspace_id = $1 and external_user_id in ('ig-in-1', 'ig-in-2')`,
    [ws],
  );
  return { x };
}

async function waitFor(w: W, id: string, done: (b: { status: string; progress: Record<string, number | null> }) => boolean, timeout = 60_000) {
  let last: { status: string; progress: Record<string, number | null> } | undefined;
  await expect
    .poll(
      async () => {
        last = (await w.client.get(`/api/broadcasts/${id}`)).data;
        return done(last!);
      },
      { timeout, interval: 200 },
    )
    .toBe(true);
  return last!;
}

describe('broadcasts', () => {
  it('counts a segment and splits it by Meta’s 24-hour window; X has none', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await seedAudience(w);
    const audience = async (s: Record<string, unknown>) => (await w.client.post('/api/broadcasts/audience', { segment: segment(s) })).data;

    const vip = await audience({ tags: ['vip'] });
    expect(vip).toMatchObject({ total: 26, inWindow: 16, xReachable: 2, reachable: 18, outsideWindow: 8, tagOnly: 0 });
    expect(vip.tagNote).toMatch(/No Messenger message tag applies to a broadcast/);
    expect(vip.skipped).toEqual([
      { reason: "Outside Meta's 24-hour messaging window, and no message tag allows a broadcast", count: 5 },
      { reason: expect.stringMatching(/^Has never messaged this account/), count: 3 },
    ]);
    expect(vip.byPlatform).toEqual([
      { platform: 'facebook', count: 6 },
      { platform: 'instagram', count: 18 },
      { platform: 'twitter', count: 2 },
    ]);
    expect((await audience({})).total).toBe(30);
    expect((await audience({ platform: 'instagram' })).total).toBe(22);
    expect((await audience({ tags: ['vip', 'shoes'] })).total).toBe(6);
    expect((await audience({ fields: [{ key: 'plan', value: 'pro' }] })).total).toBe(10);
    expect((await audience({ leadStatus: 'qualified' })).total).toBe(2);
    expect(await audience({ lastInboundWithinHours: 24 })).toMatchObject({ total: 20, inWindow: 20 });

    const bad = await w.client.post('/api/broadcasts/audience', { segment: segment({ platform: 'myspace' }) });
    expect(bad.status).toBe(400);
    expect(bad.data.details[0].path).toBe('segment.platform');
    expect((await w.client.post('/api/broadcasts', { name: '', text: 'Hi', segment: segment() })).status).toBe(400);
    expect((await w.client.post('/api/broadcasts', { name: 'x', text: 'Hi', link: 'not a link', segment: segment() })).status).toBe(400);
  });

  it('before the start, says whom it reaches, whom the 24-hour window leaves out, and when the last goes: the ETA the progress starts from', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const pool = t.app.database.pool;
    const ws = w.user.workspaceId;
    await seedContacts(pool, { workspaceId: ws, accountId: w.instagram.id, prefix: 'in', count: 3, lastInboundHoursAgo: 2, tags: ['eta'] });
    await seedContacts(pool, { workspaceId: ws, accountId: w.instagram.id, prefix: 'old', count: 2, lastInboundHoursAgo: 30, tags: ['eta'] });
    await seedContacts(pool, { workspaceId: ws, accountId: w.messenger.id, prefix: 'never', count: 1, lastInboundHoursAgo: null, tags: ['eta'] });
    const x = await addSandboxXAccount(pool, ws);
    // X has no window but paces DMs at 15 per 15 minutes (burst 15): 20 take (20 - 15) × 60 s.
    await seedContacts(pool, { workspaceId: ws, accountId: x, prefix: 'x', count: 20, lastInboundHoursAgo: null, tags: ['eta'] });
    // Instagram's slot clock is a minute ahead (DMs already queued): its 3 wait behind them.
    await pool.query(`insert into send_rate_limits (account_id, kind, tat) values ($1, 'dm', now() + interval '60 seconds')`, [w.instagram.id]);

    const audience = (await w.client.post('/api/broadcasts/audience', { segment: segment({ tags: ['eta'] }) })).data;
    expect(audience).toMatchObject({ total: 26, reachable: 23, inWindow: 3, xReachable: 20, outsideWindow: 3, etaSeconds: 300 });
    expect(audience.pacing).toEqual([
      // About 60 s (less the time since, and (100 − 3) slots of 10 ms of burst), rounded up.
      { platform: 'instagram', reachable: 3, perHour: 360_000, burst: 10, etaSeconds: expect.any(Number) },
      { platform: 'twitter', reachable: 20, perHour: 60, burst: 15, etaSeconds: 300 },
    ]);
    expect(audience.pacing[0].etaSeconds).toBeGreaterThanOrEqual(57);
    expect(audience.pacing[0].etaSeconds).toBeLessThanOrEqual(60);

    // Started, the progress's ETA is the same figure. The dispatcher queues an account's sends only
    // as far as its slots inside the lookahead (5 s): X's burst of 15 at once, the other 5 stay
    // pending until their slots come near (so a pause or cancel takes them back, unsent).
    const xOnly = segment({ tags: ['eta'], platform: 'twitter' });
    const id = (await w.client.post('/api/broadcasts', { name: 'Paced on X', text: 'Hello', segment: xOnly })).data.id;
    expect((await w.client.get(`/api/broadcasts/${id}/audience`)).data).toMatchObject({ reachable: 20, etaSeconds: 300 });
    await w.client.post(`/api/broadcasts/${id}/start`, {});
    const running = await waitFor(w, id, (b) => (b.progress.queued ?? 0) + (b.progress.sent ?? 0) === 15, 20_000);
    expect(running.progress.pending).toBe(5);
    // The rate that ETA assumes, for the page to say: one X account at 60 DMs an hour.
    expect(running.progress).toMatchObject({ ratePerSecond: 0.017, accountsSending: 1 });
    expect(running.progress.etaSeconds).toBeGreaterThanOrEqual(290);
    expect(running.progress.etaSeconds).toBeLessThanOrEqual(300);
    const { rows } = await pool.query<{ last: number }>(
      `select extract(epoch from max(l.scheduled_for) - b.started_at)::float8 as last from broadcast_recipients r
       join outbound_ledger l on l.id = r.ledger_id join broadcasts b on b.id = r.broadcast_id where r.broadcast_id = $1 group by b.started_at`,
      [id],
    );
    expect(rows[0]!.last).toBeLessThan(5);
    // The slot clock says the same: the 5 left go at (5 − 15 burst) × 60 s past its 15 minutes of reservations.
    const tat = await pool.query<{ ahead: number }>(
      `select extract(epoch from tat - now())::float8 as ahead from send_rate_limits where account_id = $1 and kind = 'dm'`,
      [x],
    );
    expect(tat.rows[0]!.ahead).toBeGreaterThan(890);
    expect(tat.rows[0]!.ahead).toBeLessThanOrEqual(900);
    expect((await w.client.post(`/api/broadcasts/${id}/cancel`, {})).status).toBe(200);
  });

  it('sends to the reachable, skips the rest with the reason, and a double start sends once', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await seedAudience(w);
    const created = await w.client.post('/api/broadcasts', {
      name: 'Spring sale',
      text: 'Spring sale is on',
      link: 'https://shop.example/spring',
      // Off: the link goes out as written (tracked links are the next test).
      trackLinks: false,
      segment: segment({ tags: ['vip'] }),
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ status: 'draft', trackLinks: false, progress: { total: 0 } });
    const id = created.data.id;

    const [a, b] = await Promise.all([w.client.post(`/api/broadcasts/${id}/start`, {}), w.client.post(`/api/broadcasts/${id}/start`, {})]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await w.client.post(`/api/broadcasts/${id}/start`, {});

    const done = await waitFor(w, id, (x) => x.status === 'completed');
    expect(done.progress).toMatchObject({
      total: 26,
      sent: 18,
      skipped: 8,
      failed: 0,
      queued: 0,
      pending: 0,
      etaSeconds: null,
      ratePerSecond: null,
      accountsSending: 0,
    });
    expect(await deliveries(w.user.workspaceId)).toBe(18);
    expect(await distinctDeliveries(w.user.workspaceId)).toBe(18);
    expect(
      await count("select count(*)::int as n from sandbox_deliveries where workspace_id = $1 and text = 'Spring sale is on\nhttps://shop.example/spring'", [
        w.user.workspaceId,
      ]),
    ).toBe(18);
    // Nobody outside the window got one.
    expect(
      await count(
        "select count(*)::int as n from sandbox_deliveries where workspace_id = $1 and recipient_external_id like any (array['ig-old-%', 'ig-never-%'])",
        [w.user.workspaceId],
      ),
    ).toBe(0);
    // The sends show in the inbox as the broadcast's messages.
    expect(
      await count("select count(*)::int as n from messages where workspace_id = $1 and source = 'broadcast' and status = 'sent'", [w.user.workspaceId]),
    ).toBe(18);

    const report = (await w.client.get(`/api/broadcasts/${id}/recipients`)).data.recipients;
    expect(report).toHaveLength(8);
    expect(report.every((r: { status: string; reason: string }) => r.status === 'skipped' && r.reason.length > 0)).toBe(true);
    expect((await w.client.post(`/api/broadcasts/${id}/start`, {})).status).toBe(409);
  });

  it('sends its links as /l/<code> with Track links on (the default), one code per recipient, and a click is recorded', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const pool = t.app.database.pool;
    const ws = w.user.workspaceId;
    await seedContacts(pool, { workspaceId: ws, accountId: w.instagram.id, prefix: 'ig-link', count: 3, lastInboundHoursAgo: 1, tags: ['link'] });
    const created = await w.client.post('/api/broadcasts', {
      name: 'Link drop',
      text: 'New arrivals: https://shop.example/new?ref=bc.',
      link: 'https://shop.example/spring',
      segment: segment({ tags: ['link'] }),
    });
    expect(created.status).toBe(201);
    expect(created.data.trackLinks).toBe(true);
    const id = created.data.id;
    expect((await w.client.post(`/api/broadcasts/${id}/start`, {})).status).toBe(200);
    await waitFor(w, id, (x) => x.status === 'completed');

    const sent = await pool.query<{ recipient_external_id: string; text: string }>(
      'select recipient_external_id, text from sandbox_deliveries where workspace_id = $1 order by recipient_external_id',
      [ws],
    );
    expect(sent.rows).toHaveLength(3);
    const base = t.app.web!.url;
    const codes = sent.rows.map((r) => {
      // Both URLs wrapped; the sentence's full stop stays outside; the targets are never in the message.
      const m = new RegExp(`^New arrivals: ${base}/l/([A-Za-z0-9]{12})\\.\n${base}/l/([A-Za-z0-9]{12})$`).exec(r.text);
      expect(m, r.text).not.toBeNull();
      return [m![1]!, m![2]!] as const;
    });
    expect(new Set(codes.flat()).size).toBe(6);
    const links = await pool.query(
      `select t.code, t.target_url, t.broadcast_id, c.external_user_id from tracked_links t join contacts c on c.id = t.contact_id
       where t.workspace_id = $1 order by c.external_user_id, t.target_url`,
      [ws],
    );
    expect(links.rows).toHaveLength(6);
    expect(links.rows.every((r) => r.broadcast_id === id)).toBe(true);
    const [newCode] = codes[0]!;
    expect(links.rows.find((r) => r.code === newCode)).toMatchObject({
      target_url: 'https://shop.example/new?ref=bc',
      external_user_id: sent.rows[0]!.recipient_external_id,
    });

    const click = await fetch(`${t.baseUrl}/l/${newCode}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://shop.example/new?ref=bc');
    expect(await count('select count(*)::int as n from link_clicks where workspace_id = $1 and code = $2', [ws, newCode])).toBe(1);
    // Click-through per broadcast: 3 messages sent, 1 clicked.
    const ctr = await w.client.get('/api/analytics/automation?timeframe=7d');
    expect(ctr.data.links).toEqual([
      expect.objectContaining({ source: 'broadcast', broadcastId: id, name: 'Broadcast: Link drop', sent: 3, clickedMessages: 1, clicks: 1 }),
    ]);
  });

  it('pauses (taking back what waits for its slot), resumes, and cancels', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const pool = t.app.database.pool;
    const ws = w.user.workspaceId;
    // 1,000 at Instagram's 100 DMs/s: about ten seconds of sending.
    await seedContacts(pool, { workspaceId: ws, accountId: w.instagram.id, prefix: 'p', count: 1000, lastInboundHoursAgo: 1 });
    const id = (await w.client.post('/api/broadcasts', { name: 'Paced', text: 'Hello', segment: segment() })).data.id;
    await w.client.post(`/api/broadcasts/${id}/start`, {});
    await waitFor(w, id, (x) => (x.progress.sent ?? 0) > 0);
    const paused = await w.client.post(`/api/broadcasts/${id}/pause`, {});
    expect(paused.data.status).toBe('paused');
    expect(paused.data.progress.queued).toBe(0);
    const atPause = paused.data.progress.sent as number;
    expect(atPause).toBeLessThan(1000);
    expect(paused.data.progress.pending).toBe(1000 - atPause);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await w.client.get(`/api/broadcasts/${id}`)).data.progress.sent).toBe(atPause);
    expect(await deliveries(ws)).toBe(atPause);
    expect((await w.client.post(`/api/broadcasts/${id}/pause`, {})).status).toBe(409);

    expect((await w.client.post(`/api/broadcasts/${id}/resume`, {})).data.status).toBe('running');
    const done = await waitFor(w, id, (x) => x.status === 'completed');
    expect(done.progress).toMatchObject({ total: 1000, sent: 1000, pending: 0, queued: 0 });
    expect(await deliveries(ws)).toBe(1000);
    expect(await distinctDeliveries(ws)).toBe(1000);

    // X: 15 DMs per 15 minutes. 20 recipients: 15 go at once, 5 wait; cancel leaves them unsent.
    const x = await addSandboxXAccount(pool, ws);
    await seedContacts(pool, { workspaceId: ws, accountId: x, prefix: 'xc', count: 20, lastInboundHoursAgo: null });
    const xid = (await w.client.post('/api/broadcasts', { name: 'X', text: 'Hi on X', segment: segment({ platform: 'twitter' }) })).data.id;
    await w.client.post(`/api/broadcasts/${xid}/start`, {});
    const waiting = await waitFor(w, xid, (b) => b.progress.sent === 15);
    expect(waiting.status).toBe('running');
    expect(waiting.progress.etaSeconds).toBeGreaterThan(60);
    const cancelled = await w.client.post(`/api/broadcasts/${xid}/cancel`, {});
    expect(cancelled.data).toMatchObject({ status: 'cancelled', progress: { sent: 15, cancelled: 5, queued: 0, pending: 0 } });
    expect((await w.client.post(`/api/broadcasts/${xid}/resume`, {})).status).toBe(409);
    expect(await count('select count(*)::int as n from sandbox_deliveries where account_id = $1', [x])).toBe(15);
  }, 120_000);

  it('retries failed recipients from the report, each once more', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const pool = t.app.database.pool;
    await seedContacts(pool, { workspaceId: w.user.workspaceId, accountId: w.instagram.id, prefix: 'r', count: 5, lastInboundHoursAgo: 1 });
    const id = (await w.client.post('/api/broadcasts', { name: 'Retry', text: 'Again', segment: segment() })).data.id;
    await w.client.post(`/api/broadcasts/${id}/start`, {});
    await waitFor(w, id, (x) => x.status === 'completed');
    // Two sends the platform refused (what a Meta error leaves in the ledger).
    await pool.query(
      `update outbound_ledger set status = 'failed', error = 'Meta said no' where id in (
         select ledger_id from broadcast_recipients where broadcast_id = $1 order by contact_id limit 2)`,
      [id],
    );
    const report = (await w.client.get(`/api/broadcasts/${id}/recipients`)).data.recipients;
    expect(report.map((r: { status: string; reason: string }) => [r.status, r.reason])).toEqual([
      ['failed', 'Meta said no'],
      ['failed', 'Meta said no'],
    ]);
    const retried = await w.client.post(`/api/broadcasts/${id}/retry-failed`, {});
    expect(retried.data.retried).toBe(2);
    const done = await waitFor(w, id, (x) => x.status === 'completed');
    expect(done.progress).toMatchObject({ sent: 5, failed: 0 });
    expect(await deliveries(w.user.workspaceId)).toBe(7);
  });

  it('schedules for later: nothing is sent before run_at, and pause/resume keep the time', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const pool = t.app.database.pool;
    await seedContacts(pool, { workspaceId: w.user.workspaceId, accountId: w.instagram.id, prefix: 's', count: 3, lastInboundHoursAgo: 1 });
    const id = (await w.client.post('/api/broadcasts', { name: 'Later', text: 'Tomorrow', segment: segment() })).data.id;
    const runAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await w.client.post(`/api/broadcasts/${id}/start`, { runAt: 'tomorrow' })).status).toBe(400);
    const started = await w.client.post(`/api/broadcasts/${id}/start`, { runAt });
    expect(started.data).toMatchObject({ status: 'scheduled', runAt });
    expect((await w.client.post(`/api/broadcasts/${id}/pause`, {})).data.status).toBe('paused');
    expect((await w.client.post(`/api/broadcasts/${id}/resume`, {})).data.status).toBe('scheduled');
    const job = await pool.query('select run_at from graphile_worker.jobs where key = $1', [`broadcast:${id}`]);
    expect(job.rows[0].run_at.toISOString()).toBe(runAt);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await deliveries(w.user.workspaceId)).toBe(0);
    expect((await w.client.post(`/api/broadcasts/${id}/cancel`, {})).data.status).toBe('cancelled');
  });

  it('another workspace’s broadcast is a 404 everywhere', async () => {
    const owner = await newWorkspaceUser(t.baseUrl);
    const other = await newWorkspaceUser(t.baseUrl);
    const id = (await owner.client.post('/api/broadcasts', { name: 'Mine', text: 'Hi', segment: segment() })).data.id;
    expect((await other.client.get(`/api/broadcasts/${id}`)).status).toBe(404);
    expect((await other.client.get(`/api/broadcasts/${id}/recipients`)).status).toBe(404);
    expect((await other.client.get(`/api/broadcasts/${id}/audience`)).status).toBe(404);
    for (const action of ['start', 'pause', 'resume', 'cancel', 'retry-failed']) {
      expect((await other.client.post(`/api/broadcasts/${id}/${action}`, {})).status).toBe(404);
    }
    expect((await other.client.get('/api/broadcasts')).data.broadcasts).toEqual([]);
    expect((await owner.client.get('/api/broadcasts/not-a-uuid')).status).toBe(404);
    expect((await owner.client.get(`/api/broadcasts/${id}`)).data.status).toBe('draft');
  });
});
