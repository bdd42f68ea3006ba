import { describe, expect, it } from 'vitest';
import { isInstanceAdmin } from '../../config/config';
import { HttpClient } from '../../tests/support/http-client';
import { mailedResetToken } from '../../tests/support/dev-outbox';
import { useTestApp } from '../../tests/support/use-test-app';
import { DEV_OUTBOX_SIGN_IN } from './dev-outbox.routes';

// The dev outbox listed every mail, reset links included, to anyone.
// It shows a signed-in user the mails sent to their own address only, and a signed-out visitor nothing.
const app = useTestApp();

async function registered(name: string) {
  const client = new HttpClient(app.t.baseUrl);
  const email = `${name}-${Date.now()}@example.com`;
  expect((await client.post('/api/auth/register', { firstName: name, email, password: 'first-pass-word-1' })).status).toBe(201);
  return { client, email };
}

describe('GET /api/dev/outbox', () => {
  it("never shows anyone another address's reset link, admins included, and nothing when signed out", async () => {
    const alice = await registered('alice');
    const mallory = await registered('mallory');
    // ADMIN_EMAILS is unset outside production: every user counts as an instance admin.
    expect(app.t.app.config.adminEmails).toBeUndefined();
    expect(isInstanceAdmin(app.t.app.config, { email: mallory.email, isDemo: false })).toBe(true);

    // Mallory, signed out, asks for Alice's reset link and for her own.
    expect((await new HttpClient(app.t.baseUrl).post('/api/auth/forgot-password', { email: alice.email })).status).toBe(200);
    expect((await new HttpClient(app.t.baseUrl).post('/api/auth/forgot-password', { email: mallory.email })).status).toBe(200);
    const aliceToken = await mailedResetToken(app.pool, alice.email);
    await mailedResetToken(app.pool, mallory.email);

    const anonymous = await new HttpClient(app.t.baseUrl).get('/api/dev/outbox');
    expect(anonymous.status).toBe(401);
    expect(anonymous.data.error).toBe(DEV_OUTBOX_SIGN_IN);
    expect(anonymous.text).not.toContain(aliceToken);

    const asMallory = await mallory.client.get('/api/dev/outbox');
    expect(asMallory.status).toBe(200);
    expect(asMallory.data.mails.map((m: { to: string }) => m.to)).toEqual([mallory.email]);
    expect(asMallory.text).not.toContain(aliceToken);

    const asAlice = await alice.client.get('/api/dev/outbox');
    expect(asAlice.data.mails.map((m: { to: string }) => m.to)).toEqual([alice.email]);
    expect(asAlice.data.mails[0].text).toContain(aliceToken);
  });
});
