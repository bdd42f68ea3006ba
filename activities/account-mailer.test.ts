import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config';
import { createAccountMailer } from './account-mailer';

const prod = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(40),
  APP_ENCRYPTION_KEY: 'ab'.repeat(32),
  DATABASE_URL: 'postgres://u:p@db/rp',
  PUBLIC_URL: 'https://rp.example.com',
};
// Never queried in these tests: the outbox mailer only stores on send().
const pool = {} as never;

describe('createAccountMailer', () => {
  it('in production without SMTP_URL sends nothing and says why for each mail', async () => {
    const warn = vi.fn();
    const mailer = createAccountMailer(loadConfig(prod).mail, pool, { warn, info: vi.fn() });
    expect(mailer.mode).toBe('disabled');
    await mailer.send({ to: 'a@b.co', subject: 's', text: 't' });
    expect(warn).toHaveBeenCalledWith({ subject: 's' }, expect.stringContaining('SMTP_URL is not set'));
  });

  it('uses SMTP when SMTP_URL is set, and the dev outbox otherwise outside production', () => {
    const warn = vi.fn();
    expect(createAccountMailer(loadConfig({ ...prod, SMTP_URL: 'smtp://u:p@mail:587' }).mail, pool, { warn, info: vi.fn() }).mode).toBe('smtp');
    expect(createAccountMailer(loadConfig({}).mail, pool, { warn, info: vi.fn() }).mode).toBe('outbox');
    expect(warn).not.toHaveBeenCalled();
    expect(loadConfig({}).mail.from).toBe('Replypilot <no-reply@localhost>');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
  });
});
