import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// Settings → API keys (docs/api.md): an owner makes a key with two scopes from the user menu's
// Settings, copies it from the shown-once dialog, the key works against the API, and revoking it
// from the same list stops it. One server for the file.
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

describe('API keys in Settings', () => {
  it('create with scopes → shown once → works → revoke', async () => {
    const page = await e2e.newPage();
    const email = `keys-${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { firstName: 'Kim', lastName: 'Keys', email, password: 'secret12' } })).status()).toBe(201);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const section = page.locator('#api-keys');
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => section.getByText('No API keys yet.').isVisible()).toBe(true);

    await section.getByLabel('Name').fill('Shop');
    await section.getByRole('checkbox', { name: 'conversions:write' }).check();
    await section.getByRole('checkbox', { name: 'contacts:read' }).check();
    await section.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-api-key');
    await shown.waitFor();
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(/^rp_live_/);
    await e2e.screenshot(page, 'api-keys-shown-once');
    await page.getByRole('button', { name: 'Done' }).click();

    // The key acts on its own, without the session's cookie.
    const sale = await fetch(`${e2e.baseUrl}/api/conversions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ amountCents: 1200, idempotencyKey: 'o-1' }),
    });
    expect(sale.status).toBe(201);
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => section.getByText(/last used/).isVisible()).toBe(true);
    await expect.poll(() => section.getByText('contacts:read, conversions:write').isVisible()).toBe(true);
    await e2e.screenshot(page, 'api-keys-list');

    page.once('dialog', (d) => void d.accept());
    await section.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => section.getByText('Revoked', { exact: true }).isVisible()).toBe(true);
    const after = await fetch(`${e2e.baseUrl}/api/conversions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ amountCents: 1200, idempotencyKey: 'o-2' }),
    });
    expect(after.status).toBe(401);
  });
});
