import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookSink } from '../support/webhook-sink';
import { screenshotDir, startE2E, type E2E } from './harness';

// Settings → Webhooks (docs/api-webhooks.md): an owner adds an endpoint from the user menu's
// Settings, gets its secret from the shown-once dialog, a DM through the simulator is delivered
// (verified with standardwebhooks by the sink) and shows in the endpoint's delivery log with its
// status code. One server for the file.
let e2e: E2E;
let sink: Awaited<ReturnType<typeof startWebhookSink>>;
beforeAll(async () => {
  sink = await startWebhookSink();
  e2e = await startE2E({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
});
afterAll(async () => {
  await e2e?.stop();
  await sink?.close();
});

describe('Webhooks in Settings', () => {
  it('add an endpoint → secret shown once → a DM is delivered and shows in the log', async () => {
    const page = await e2e.newPage();
    const email = `hooks-${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { firstName: 'Hana', lastName: 'Hooks', email, password: 'secret12' } })).status()).toBe(201);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const section = page.locator('#webhooks');
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => section.getByText('No endpoints yet.').isVisible()).toBe(true);

    await section.getByLabel('URL').fill(sink.url);
    await section.getByLabel('Description (optional)').fill('CRM sync');
    await section.getByRole('checkbox', { name: 'message.received' }).check();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByTestId('webhook-secret');
    await shown.waitFor();
    const secret = (await shown.textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    sink.secrets.push(secret);
    await page.getByRole('button', { name: 'Done' }).click();

    // A DM to the workspace's sandbox Instagram account, through the simulator.
    const sim = (await (await page.request.get('/api/simulator')).json()) as { accounts: { id: string; platform: string }[] };
    const ig = sim.accounts.find((a) => a.platform === 'instagram')!;
    const dm = await page.request.post('/api/simulator/messages', {
      data: { accountId: ig.id, contact: { externalUserId: 'sim-ola', name: 'Ola', username: 'ola' }, text: 'Hi there' },
    });
    expect(dm.status()).toBe(202);
    await expect.poll(() => sink.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(sink.received[0]!.verified).toBe(true);

    const endpoint = section.getByTestId('webhook-endpoint');
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const log = endpoint.getByTestId('webhook-deliveries');
    await expect.poll(() => log.textContent(), { timeout: 15_000 }).toContain('delivered');
    expect(await log.textContent()).toContain('200');
    await page.setViewportSize({ width: 1440, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(screenshotDir, 'webhooks-settings-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(screenshotDir, 'webhooks-settings-390.png') });

    // Replay: the same webhook-id again.
    await log.getByRole('button', { name: 'Replay' }).first().click();
    await expect.poll(() => sink.received.length, { timeout: 15_000 }).toBeGreaterThan(1);
    expect(sink.received[1]!.id).toBe(sink.received[0]!.id);
  });
});
