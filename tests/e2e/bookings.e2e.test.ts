import { describe, expect, it } from 'vitest';
import type { Booking } from '../../contracts/bookings';
import { bookFlow, openHours } from '../support/bookings';
import { useE2E } from '../support/use-e2e';

// A newcomer reaches Bookings from the sidebar, edits the availability, sees a booking made in the
// Simulator and the Book a Time panel in the builder; screenshots at 1440 and 390 (tests/e2e/screenshots/).
const app = useE2E();

describe('Bookings in the browser', () => {
  it('shows availability, a booking with its reminder and .ics, a member’s cancel, and the Book a Time panel', async () => {
    const page = await app.e2e.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await app.register(page, { firstName: 'Bea', lastName: 'Book' });
    expect((await page.request.put('/api/bookings/availability', { data: { ...openHours, reminderMinutes: 60 } })).status()).toBe(200);
    const created = await page.request.post('/api/flows', { data: { name: 'Book a call', platform: 'instagram', flowData: bookFlow(), isActive: true } });
    expect(created.status()).toBe(201);
    const flowId = ((await created.json()) as { id: string }).id;
    const sim = (await (await page.request.get('/api/simulator')).json()) as { accounts: { id: string; platform: string }[] };
    const accountId = sim.accounts.find((a) => a.platform === 'instagram')!.id;
    const contact = { externalUserId: 'sim-e2e-ola', name: 'Ola Nordmann', username: 'ola' };
    const dm = async (text: string) => expect((await page.request.post('/api/simulator/messages', { data: { accountId, contact, text } })).status()).toBe(202);
    const runStatus = async () =>
      ((await (await page.request.get(`/api/runs?flowId=${flowId}&limit=10`)).json()) as { runs?: { status: string }[] }).runs?.[0]?.status;
    await dm('book');
    await expect.poll(runStatus, { timeout: 15_000 }).toBe('waiting');
    await dm('2');
    await expect.poll(async () => ((await (await page.request.get('/api/bookings?when=upcoming')).json()) as Booking[]).length, { timeout: 15_000 }).toBe(1);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Bookings' }).first().click();
    await page.getByRole('heading', { name: 'Bookings' }).waitFor();
    await page.getByText('Ola Nordmann').waitFor();
    await page.getByText('Reminder scheduled').waitFor();
    await page.getByRole('heading', { name: 'Availability' }).waitFor();
    await page.getByLabel('Slot length (minutes)').fill('45');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(((await (await page.request.get('/api/bookings/availability')).json()) as { availability: { slotMinutes: number } }).availability.slotMinutes).toBe(
      45,
    );
    await app.e2e.screenshot(page, 'bookings-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await app.e2e.screenshot(page, 'bookings-390');

    // A member cancels: asked first, then told the contact was not messaged, with the way to tell them.
    await page.setViewportSize({ width: 1440, height: 900 });
    page.once('dialog', (d) => {
      expect(d.message()).toMatch(/does not message them/);
      void d.accept();
    });
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Ola Nordmann was not messaged' }).waitFor();
    await page.getByRole('link', { name: 'tell them in the inbox' }).waitFor();
    await page.getByText('Cancelled', { exact: true }).waitFor();
    expect(((await (await page.request.get('/api/bookings?when=upcoming')).json()) as Booking[])[0]?.status).toBe('cancelled');
    await app.e2e.screenshot(page, 'bookings-cancelled-1440');

    await page.goto(`/flows/${flowId}`);
    const book = page.locator('.react-flow__node[data-id="2"]');
    await book.waitFor();
    await book.getByText('No slot', { exact: true }).waitFor();
    await book.click();
    await page.locator('[data-config-node-id="2"]').waitFor();
    expect(await page.getByLabel('Slots to offer').inputValue()).toBe('3');
    await page.waitForTimeout(300);
    await app.e2e.screenshot(page, 'book-time-node-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await app.e2e.screenshot(page, 'book-time-node-390');
  });
});
