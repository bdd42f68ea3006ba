import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../contracts/bookings';
import { bookFlow, openHours } from '../../../tests/support/bookings';
import { publishFlow, runsOf } from '../../../tests/support/flows';
import { useTestApp } from '../../../tests/support/use-test-app';

// Cancel and reschedule by reply, and reminders inside / outside the 24-hour window, in the Simulator
// (its sandbox accounts follow Meta's rules: docs/platform-apis.md §2.1).
const app = useTestApp({ env: { TIMER_PUMP_INTERVAL_MS: '50' } });

async function bookingWorkspace(reminderMinutes: number | null = null) {
  const w = await app.signIn();
  expect((await w.client.put('/api/bookings/availability', { ...openHours, reminderMinutes })).status).toBe(200);
  const flowId = await publishFlow(w.client, bookFlow());
  const contact = (id: string) => ({ externalUserId: `sim-${id}`, name: `Guest ${id}`, username: `guest_${id}` });
  const dm = async (who: string, text: string) =>
    expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: contact(who), text })).status).toBe(202);
  const outbox = async () => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text);
  const bookings = async (when: 'upcoming' | 'past' = 'upcoming') => (await w.client.get(`/api/bookings?when=${when}`)).data as Booking[];
  const settled = async () => expect.poll(async () => (await runsOf(w.client, flowId)).every((r) => r.status === 'completed'), { timeout: 15_000 }).toBe(true);
  const book = async (who: string, pick = '1') => {
    const before = (await runsOf(w.client, flowId)).length;
    await dm(who, 'book');
    await expect.poll(async () => (await runsOf(w.client, flowId)).map((r) => r.status).filter((s) => s === 'waiting').length, { timeout: 15_000 }).toBe(1);
    expect((await runsOf(w.client, flowId)).length).toBe(before + 1);
    await dm(who, pick);
    await settled();
  };
  return { w, flowId, dm, outbox, bookings, settled, book };
}

describe('Bookings by reply', () => {
  it('"cancel" cancels the upcoming booking with one confirmation; "reschedule" cancels it and offers times again in the same run', async () => {
    const s = await bookingWorkspace();
    await s.book('ana');
    const [first] = await s.bookings();
    expect(first).toMatchObject({ status: 'booked', contactName: 'Guest ana' });

    await s.dm('ana', 'Cancel.');
    await expect.poll(async () => (await s.bookings())[0]?.status, { timeout: 15_000 }).toBe('cancelled');
    expect((await s.bookings())[0]).toMatchObject({ cancelledBy: 'contact' });
    await expect.poll(async () => (await s.outbox()).filter((t) => /^Your booking for .+ \(UTC\) is cancelled\.$/.test(t)).length, { timeout: 15_000 }).toBe(1);
    // No upcoming booking any more: "cancel" is an ordinary DM again (no second confirmation).
    await s.dm('ana', 'cancel');
    await new Promise((r) => setTimeout(r, 500));
    expect((await s.outbox()).filter((t) => t.endsWith('is cancelled.'))).toHaveLength(1);

    await s.book('ana', '2');
    const offersBefore = (await s.outbox()).filter((t) => t === 'Pick a time').length;
    await s.dm('ana', 'reschedule my booking');
    await expect.poll(async () => (await s.outbox()).filter((t) => t === 'Pick a time').length, { timeout: 15_000 }).toBe(offersBefore + 1);
    await s.dm('ana', '3');
    await s.settled();
    const all = await s.bookings();
    expect(all.map((b) => b.status).sort()).toEqual(['booked', 'cancelled', 'cancelled']);
    expect(all.filter((b) => b.cancelledBy === 'contact')).toHaveLength(2);
    // The reschedule went back to the same run: two runs in all (the first booking's and the second's).
    expect(await runsOf(s.w.client, s.flowId)).toHaveLength(2);
  });

  it('a due reminder is sent inside the 24-hour window and skipped outside it, with the reason on the Bookings page; each once', async () => {
    const s = await bookingWorkspace(60);
    // Slots two and three hours ahead: an hour's reminder still to come for each.
    await s.book('bo', '2');
    await s.book('cy', '2');
    const list = await s.bookings();
    expect(list.map((b) => b.reminder)).toEqual(['pending', 'pending']);
    const ws = s.w.user.workspaceId;
    // Both reminders due now; Cy's last message 25 hours ago (outside the window).
    await app.pool.query(`update bookings set remind_at = now() - interval '1 minute' where workspace_id = $1`, [ws]);
    await app.pool.query(`update contacts set last_inbound_at = now() - interval '25 hours' where workspace_id = $1 and external_user_id = 'sim-cy'`, [ws]);
    await app.pool.query(`select graphile_worker.add_job('bookings:remind', '{}'::json)`);
    await expect.poll(async () => (await s.bookings()).map((b) => b.reminder).sort(), { timeout: 15_000 }).toEqual(['sent', 'skipped']);
    const cy = (await s.bookings()).find((b) => b.contactName === 'Guest cy')!;
    expect(cy).toMatchObject({ reminder: 'skipped', reminderNote: 'outside the 24-hour messaging window' });
    await expect.poll(async () => (await s.outbox()).filter((t) => t.startsWith("Reminder: you're booked for")).length, { timeout: 15_000 }).toBe(1);
    // Another run of the job sends nothing more.
    await app.pool.query(`select graphile_worker.add_job('bookings:remind', '{}'::json)`);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await s.outbox()).filter((t) => t.startsWith('Reminder:'))).toHaveLength(1);
  });
});
