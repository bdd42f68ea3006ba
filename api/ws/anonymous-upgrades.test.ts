import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AnonymousUpgradeLimit, upgradeClientKey } from './anonymous-upgrades';

const req = (remoteAddress: string, xff?: string) =>
  ({ socket: { remoteAddress }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as unknown as IncomingMessage;

describe('upgradeClientKey', () => {
  it('is the socket address unless TRUST_PROXY trusts hops of X-Forwarded-For, like Express', () => {
    expect(upgradeClientKey(req('10.0.0.9', '198.51.100.7'), 0)).toBe('10.0.0.9');
    expect(upgradeClientKey(req('10.0.0.9', '203.0.113.1, 198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(upgradeClientKey(req('10.0.0.9', '203.0.113.1, 198.51.100.7'), 2)).toBe('203.0.113.1');
    expect(upgradeClientKey(req('10.0.0.9', '198.51.100.7'), 5)).toBe('198.51.100.7');
    expect(upgradeClientKey(req('::ffff:127.0.0.2'), 0)).toBe('127.0.0.2');
  });
});

describe('AnonymousUpgradeLimit', () => {
  it('allows the limit per window and says how long to wait after', () => {
    let now = 0;
    const limit = new AnonymousUpgradeLimit(2, () => now);
    expect([limit.take('a'), limit.take('a'), limit.take('b')]).toEqual([null, null, null]);
    expect(limit.take('a')).toBe(60);
    now = 59_500;
    expect(limit.take('a')).toBe(1);
    now = 60_000;
    expect(limit.take('a')).toBeNull();
  });
});
