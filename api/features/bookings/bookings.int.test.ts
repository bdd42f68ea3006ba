import { describe, expect, it } from 'vitest';
import type { AvailabilityResponse, Booking } from '../../../contracts/bookings';
import { bookSlot } from '../../../db/bookings/bookings';
import { startMetaGraphFake } from '../../../tests/fakes/meta-graph.fake';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { bookFlow, openHours } from '../../../tests/support/bookings';
import { publishFlow, runsOf } from '../../../tests/support/flows';
import { fakePage, seedMetaAccounts } from '../../../tests/support/meta-accounts';
import { useTestApp } from '../../../tests/support/use-test-app';
import { maya } from '../../../tests/support/workspace';

// Bookings (contracts/bookings.ts) and the Book a Time node through the real server: Meta's Graph
// API as a contract fake, the Simulator's sandbox account, and the public calendar file.
const app = useTestApp({ fakes: { meta: startMetaGraphFake }, env: { TIMER_PUMP_INTERVAL_MS: '50' } });
const hook = () => `${app.t.baseUrl}/api/webhooks/facebook/webhook`;

const bookingRows = async (workspaceId: string) =>
  (
    await app.pool.query<{ contact_id: string; starts_at: Date; status: string }>(
      'select contact_id, starts_at, status from bookings where workspace_id = $1 order by starts_at',
      [workspaceId],
    )
  ).rows;

describe('Bookings', () => {
  it('availability: defaults until saved, saved as sent, bad hours and unknown zones refused with details', async () => {
    const w = await app.signIn();
    const first = (await w.client.get('/api/bookings/availability')).data as AvailabilityResponse;
    expect(first.saved).toBe(false);
    expect(first.availability.weekly.mon).toEqual([{ start: '09:00', end: '17:00' }]);
    const put = await w.client.put('/api/bookings/availability', openHours);
    expect(put.status).toBe(200);
    expect(((await w.client.get('/api/bookings/availability')).data as AvailabilityResponse).availability).toEqual(openHours);
    const overlap = await w.client.put('/api/bookings/availability', {
      ...openHours,
      weekly: {
        ...openHours.weekly,
        mon: [
          { start: '00:00', end: '23:59' },
          { start: '10:00', end: '11:00' },
        ],
      },
    });
    expect(overlap.status).toBe(400);
    expect(JSON.stringify(overlap.data)).toContain('Ranges on the same day must not overlap');
    expect((await w.client.put('/api/bookings/availability', { ...openHours, timeZone: 'Mars/Olympus' })).status).toBe(400);
    expect((await w.client.put('/api/bookings/availability', { ...openHours, slotMinutes: 2 })).status).toBe(400);
  });

  it('through Meta: a webhook twice → one run, one offer; two contacts race for one slot → one booking, the other re-offered; the .ics is public', async () => {
    const w = await app.signIn();
    await w.client.put('/api/bookings/availability', openHours);
    const page = fakePage('book');
    app.fakes.meta.addPage(page);
    await seedMetaAccounts(app.pool, w.user.workspaceId, page);
    const igId = page.instagram!.id;
    const flowId = await publishFlow(w.client, bookFlow(), 'Book', 'instagram');
    const say = async (sender: string, mid: string, text: string) => {
      const body = messagingWebhook('instagram', igId, [{ sender, recipient: igId, message: { mid, text } }]);
      expect((await app.fakes.meta.deliverWebhook(hook(), body)).status).toBe(200);
      expect((await app.fakes.meta.deliverWebhook(hook(), body)).status).toBe(200);
    };
    const sends = (who: string) => app.fakes.meta.sends.filter((s) => s.recipient === who);
    const statuses = async () => (await runsOf(w.client, flowId)).map((r) => r.status);

    await say('igsid-a', 'mid_book_a1', 'book');
    await say('igsid-b', 'mid_book_b1', 'book');
    await expect.poll(statuses, { timeout: 15_000 }).toEqual(['waiting', 'waiting']);
    await expect.poll(() => sends('igsid-a').length + sends('igsid-b').length, { timeout: 15_000 }).toBe(2);
    const offerA = sends('igsid-a')[0]!;
    expect(offerA.text).toBe('Pick a time');
    const titles = (offerA.quickReplies ?? []).map((q) => ('title' in q ? q.title : ''));
    expect(titles).toHaveLength(3);
    expect(sends('igsid-b')[0]!.quickReplies?.map((q) => ('title' in q ? q.title : ''))).toEqual(titles);

    // Both pick the first slot at once.
    await Promise.all([say('igsid-a', 'mid_book_a2', titles[0]!), say('igsid-b', 'mid_book_b2', titles[0]!)]);
    await expect.poll(() => sends('igsid-a').length + sends('igsid-b').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    await expect.poll(async () => (await bookingRows(w.user.workspaceId)).length, { timeout: 15_000 }).toBe(1);
    const texts = [...sends('igsid-a'), ...sends('igsid-b')].map((s) => s.text);
    expect(texts.filter((t) => t.startsWith(`Booked: ${titles[0]} (UTC)`))).toHaveLength(1);
    expect(texts.filter((t) => t === 'Sorry, that one just went\n\nPick a time')).toHaveLength(1);
    const loser = sends('igsid-a').some((s) => s.text === 'Sorry, that one just went\n\nPick a time') ? 'igsid-a' : 'igsid-b';
    const reoffer = sends(loser).at(-1)!;
    const fresh = (reoffer.quickReplies ?? []).map((q) => ('title' in q ? q.title : ''));
    expect(fresh).not.toContain(titles[0]);
    await expect.poll(statuses, { timeout: 15_000 }).toContain('completed');

    // The loser takes the next one.
    await say(loser, `mid_book_${loser}_3`, '1');
    await expect.poll(statuses, { timeout: 15_000 }).toEqual(['completed', 'completed']);
    const rows = await bookingRows(w.user.workspaceId);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.starts_at.toISOString())).size).toBe(2);
    // One offer per delivery pair, no DM twice: A and B each got offer, (re-offer), confirmation, "See you then".
    expect(sends('igsid-a').length + sends('igsid-b').length).toBe(7);

    const confirmation = texts.find((t) => t.startsWith('Booked: '))!;
    const path = /\/api\/public\/bookings\/[A-Za-z0-9_-]+\.ics/.exec(confirmation)?.[0];
    const listed = (await w.client.get('/api/bookings?when=upcoming')).data as Booking[];
    expect(listed).toHaveLength(2);
    const icsPath = path ?? listed[0]!.icsPath;
    const res = await fetch(`${app.t.baseUrl}${icsPath}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const ics = await res.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect((await fetch(`${app.t.baseUrl}/api/public/bookings/not-a-real-token-at-all.ics`)).status).toBe(404);
  });

  it('in the Simulator: a pick by number books; the Bookings API lists it for the contact; a member cancels it; another workspace sees nothing', async () => {
    const w = await app.signIn();
    await w.client.put('/api/bookings/availability', openHours);
    const flowId = await publishFlow(w.client, bookFlow());
    const dm = async (text: string) =>
      expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text })).status).toBe(202);
    const outbox = async () => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text);
    await dm('book');
    await expect.poll(outbox, { timeout: 15_000 }).toContain('Pick a time');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('waiting');
    await dm('2');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('completed');
    expect((await outbox()).filter((t) => t.startsWith('Booked: '))).toHaveLength(1);
    const [booking] = (await w.client.get('/api/bookings?when=upcoming')).data as Booking[];
    expect(booking).toMatchObject({ status: 'booked', contactName: 'Maya Chen', timeZone: 'UTC', reminder: 'none' });
    expect((await w.client.get(`/api/bookings?when=upcoming&contactId=${booking!.contactId}`)).data).toHaveLength(1);
    expect((await w.client.get('/api/bookings?when=soon')).status).toBe(400);

    // The step carried out again (a crash after its commit) finds its own booking; an overlapping time is refused by the constraint.
    const row = (
      await app.pool.query<{ account_id: string; contact_id: string; run_id: string; step_seq: number; starts_at: Date; ends_at: Date }>(
        'select account_id, contact_id, run_id, step_seq, starts_at, ends_at from bookings where id = $1',
        [booking!.id],
      )
    ).rows[0]!;
    const again = { workspaceId: w.user.workspaceId, accountId: row.account_id, contactId: row.contact_id, runId: row.run_id, timeZone: 'UTC', remindAt: null };
    expect(await bookSlot(app.pool, { ...again, stepSeq: row.step_seq, startsAt: row.starts_at, endsAt: row.ends_at })).toMatchObject({ id: booking!.id });
    const halfHour = 30 * 60_000;
    const overlapping = { ...again, stepSeq: 999, startsAt: new Date(row.starts_at.getTime() + halfHour), endsAt: new Date(row.ends_at.getTime() + halfHour) };
    expect(await bookSlot(app.pool, overlapping)).toBe('taken');

    const other = await app.signIn();
    expect((await other.client.post(`/api/bookings/${booking!.id}/cancel`)).status).toBe(404);
    expect((await other.client.get('/api/bookings?when=upcoming')).data).toEqual([]);

    const cancelled = await w.client.post(`/api/bookings/${booking!.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancelledBy: 'member' });
    const ics = await (await fetch(`${app.t.baseUrl}${booking!.icsPath}`)).text();
    expect(ics).toContain('STATUS:CANCELLED');
    // The freed time is open again: the exclusion constraint only holds booked rows.
    expect((await bookingRows(w.user.workspaceId)).map((r) => r.status)).toEqual(['cancelled']);
  });
});
