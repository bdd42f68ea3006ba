import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '../../contracts/auth';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { hashResetToken } from '../../db/auth/password-reset-tokens';
import { mailedResetToken, outboxMailsTo } from '../../tests/support/dev-outbox';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

let seq = 0;
const uniqueEmail = () => `reset${++seq}-${Date.now()}@example.com`;
const OLD = 'first-pass-word-1';
const NEW = 'second-pass-word-2';

async function registered(email = uniqueEmail()) {
  const c = new HttpClient(t.baseUrl);
  const res = await c.post('/api/auth/register', { firstName: 'Rita', email, password: OLD });
  expect(res.status).toBe(201);
  return { c, email };
}

/** The reset link mailed to `email`, read from the dev outbox like a developer would (from the server's log). */
const mailedToken = (email: string, after = 0) => mailedResetToken(t.app.database.pool, email, after);

describe('forgot password → mailed link → reset → sign in', () => {
  it('resets the password with the mailed single-use link and ends every session', async () => {
    const { c, email } = await registered();
    const other = new HttpClient(t.baseUrl);
    await other.post('/api/auth/login', { email, password: OLD });

    const res = await new HttpClient(t.baseUrl).post('/api/auth/forgot-password', { email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.data.message).toBe(FORGOT_PASSWORD_ANSWER);
    const token = await mailedToken(email);
    const outbox = (await c.get('/api/dev/outbox')).data.mails[0];
    expect(outbox.subject).toBe('Reset your Replypilot password');
    expect(outbox.text).toContain(`${t.baseUrl}/reset-password?token=`);

    // Stored hashed: the table never holds the token itself.
    const { rows } = await t.app.database.pool.query(
      'select token_hash, extract(epoch from t.expires_at - t.created_at)::int as ttl from password_reset_tokens t join users u on u.id = t.user_id where u.email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(hashResetToken(token));
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].ttl).toBe(3600);

    const reset = await new HttpClient(t.baseUrl).post('/api/auth/reset-password', { token, password: NEW });
    expect(reset.status).toBe(200);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    expect((await other.get('/api/auth/user')).status).toBe(401);

    expect((await new HttpClient(t.baseUrl).post('/api/auth/login', { email, password: OLD })).status).toBe(401);
    expect((await new HttpClient(t.baseUrl).post('/api/auth/login', { email, password: NEW })).status).toBe(200);

    const again = await new HttpClient(t.baseUrl).post('/api/auth/reset-password', { token, password: 'third-pass-word-3' });
    expect(again.status).toBe(400);
    expect(again.data.error).toBe(RESET_LINK_INVALID);
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const { email } = await registered();
    const known = await new HttpClient(t.baseUrl).post('/api/auth/forgot-password', { email });
    const unknown = await new HttpClient(t.baseUrl).post('/api/auth/forgot-password', { email: `nobody-${email}` });
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    await mailedToken(email);
    expect(await outboxMailsTo(t.app.database.pool, `nobody-${email}`)).toEqual([]);
  });

  it('refuses an expired link, and a new request makes the previous link stop working', async () => {
    const { email } = await registered();
    await new HttpClient(t.baseUrl).post('/api/auth/forgot-password', { email });
    const first = await mailedToken(email);
    await new HttpClient(t.baseUrl).post('/api/auth/forgot-password', { email });
    const second = await mailedToken(email, 1);
    expect(second).not.toBe(first);
    const stale = await new HttpClient(t.baseUrl).post('/api/auth/reset-password', { token: first, password: NEW });
    expect(stale.status).toBe(400);

    await t.app.database.pool.query("update password_reset_tokens set expires_at = now() - interval '1 second' where token_hash = $1", [
      hashResetToken(second),
    ]);
    const expired = await new HttpClient(t.baseUrl).post('/api/auth/reset-password', { token: second, password: NEW });
    expect(expired.status).toBe(400);
    expect(expired.data.error).toBe(RESET_LINK_INVALID);
  });

  it('applies the password policy, and a refused password leaves the link usable', async () => {
    const { email } = await registered();
    await new HttpClient(t.baseUrl).post('/api/auth/forgot-password', { email });
    const token = await mailedToken(email);
    const weak = await new HttpClient(t.baseUrl).post('/api/auth/reset-password', { token, password: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.data.error).toMatch(/most common passwords/);
    const short = await new HttpClient(t.baseUrl).post('/api/auth/reset-password', { token, password: 'short1' });
    expect(short.data.error).toBe('Password must be at least 8 characters');
    const ok = await new HttpClient(t.baseUrl).post('/api/auth/reset-password', { token, password: NEW });
    expect(ok.status).toBe(200);
  });

  it('mails one account at most 3 links an hour, with the same answer after that', async () => {
    const { email } = await registered();
    for (let i = 0; i < 5; i++) {
      const res = await new HttpClient(t.baseUrl).post('/api/auth/forgot-password', { email });
      expect(res.data.message).toBe(FORGOT_PASSWORD_ANSWER);
    }
    await mailedToken(email, 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await outboxMailsTo(t.app.database.pool, email)).toHaveLength(3);
  });

  it('says the dev outbox is where mail goes outside production', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/auth/mail-status');
    expect(res.data).toEqual({ configured: true, mode: 'outbox' });
  });
});
