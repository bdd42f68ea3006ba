import { describe, expect, it } from 'vitest';
import { accountHealthWarning, type HealthInput } from './warning';

const now = new Date('2026-05-01T12:00:00Z');
const day = 86_400_000;
const account = (over: Partial<HealthInput>): HealthInput => ({
  id: 'a1',
  platform: 'instagram',
  name: '@acme',
  status: 'active',
  statusReason: null,
  tokenExpiresAt: null,
  refreshable: false,
  automations: 3,
  ...over,
});

describe('account health warnings', () => {
  it('warns "N automations will stop in D days" within 14 days of token expiry', () => {
    expect(accountHealthWarning(account({ tokenExpiresAt: new Date(now.getTime() + 5 * day - 1000) }), now)).toMatchObject({
      kind: 'expiring',
      daysLeft: 5,
      message: '3 automations will stop in 5 days unless you reconnect @acme',
    });
    expect(accountHealthWarning(account({ automations: 1, tokenExpiresAt: new Date(now.getTime() + 3600_000) }), now)?.message).toBe(
      '1 automation will stop in 1 day unless you reconnect @acme',
    );
  });

  it('is quiet for far-off expiry, tokens that never expire, and refreshable tokens', () => {
    expect(accountHealthWarning(account({ tokenExpiresAt: new Date(now.getTime() + 30 * day) }), now)).toBeNull();
    expect(accountHealthWarning(account({}), now)).toBeNull();
    expect(accountHealthWarning(account({ tokenExpiresAt: new Date(now.getTime() + day), refreshable: true }), now)).toBeNull();
  });

  it('says what stopped when the token expired or Meta rejected it', () => {
    expect(accountHealthWarning(account({ tokenExpiresAt: new Date(now.getTime() - 1) }), now)?.kind).toBe('expired');
    expect(accountHealthWarning(account({ status: 'needs_reconnect', statusReason: 'Meta rejected the access token (code 190)' }), now)?.message).toBe(
      '3 automations stopped: @acme needs reconnecting (Meta rejected the access token (code 190))',
    );
  });

  it('leaves out the count when no automation uses the account', () => {
    const none = { automations: 0 };
    expect(accountHealthWarning(account({ ...none, status: 'needs_reconnect', statusReason: 'X rejected the access token' }), now)?.message).toBe(
      '@acme needs reconnecting (X rejected the access token)',
    );
    expect(accountHealthWarning(account({ ...none, tokenExpiresAt: new Date(now.getTime() + 2 * day - 1000) }), now)?.message).toBe(
      'The access token of @acme expires in 2 days; reconnect it to keep it working',
    );
    expect(accountHealthWarning(account({ ...none, tokenExpiresAt: new Date(now.getTime() - 1) }), now)?.message).toBe(
      'The access token of @acme expired; reconnect it',
    );
  });
});
