import { describe, expect, it } from 'vitest';
import { leadScore } from './lead-score';

const now = new Date('2026-03-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);

describe('leadScore', () => {
  it('is 0 for a lead that never engaged', () => {
    expect(leadScore({ inboundMessages: 0, replies: 0, linkClicks: 0, lastActivityAt: null }, now)).toBe(0);
  });

  it('adds messages, replies, clicks and recency', () => {
    expect(leadScore({ inboundMessages: 1, replies: 0, linkClicks: 0, lastActivityAt: now }, now)).toBe(18);
    expect(leadScore({ inboundMessages: 2, replies: 1, linkClicks: 1, lastActivityAt: hoursAgo(48) }, now)).toBe(16 + 10 + 10 + 5);
    expect(leadScore({ inboundMessages: 2, replies: 1, linkClicks: 0, lastActivityAt: hoursAgo(24 * 8) }, now)).toBe(26);
  });

  it('caps each signal and the total at 100', () => {
    expect(leadScore({ inboundMessages: 50, replies: 0, linkClicks: 0, lastActivityAt: null }, now)).toBe(40);
    expect(leadScore({ inboundMessages: 50, replies: 50, linkClicks: 50, lastActivityAt: now }, now)).toBe(100);
  });

  it('never goes below 0 on bad counters', () => {
    expect(leadScore({ inboundMessages: -3, replies: -1, linkClicks: -1, lastActivityAt: null }, now)).toBe(0);
  });
});
