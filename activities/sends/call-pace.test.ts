import { describe, expect, it } from 'vitest';
import { maxInOneSecond } from '../../tests/support/sliding-window';
import { createCallPace } from './call-pace';
import { sendLimitsFromConfig } from '../../db/sends/send-limits';
import { tuning } from '../../config/tuning';

const limits = sendLimitsFromConfig({ privateRepliesPerHour: 750 });
const ig = (account = 'a1') => ({ account_id: account, kind: 'dm' as const, platform: 'instagram' });

/** Rows claimed at `arrivals` (ms), first come first served, each asking again at the time it is given: when each call left. */
function simulate(pace: ReturnType<typeof createCallPace>, arrivals: number[], row = ig()): number[] {
  const left: number[] = [];
  let t = -Infinity;
  for (const at of [...arrivals].sort((a, b) => a - b)) {
    t = Math.max(t, at);
    for (let retry = pace.admit(row, t); retry !== null; retry = pace.admit(row, t)) {
      expect(retry.getTime()).toBeGreaterThan(t);
      t = retry.getTime();
    }
    left.push(t);
  }
  return left;
}

describe('the call pace (ADR 0056)', () => {
  it("lets an Instagram account's DMs leave at its bucket's rate, with the burst less the slack", () => {
    const pace = createCallPace(limits);
    const burst = 10 - Math.floor(tuning.sends.callPaceSlackMs / 10);
    const t0 = 1_000_000;
    const now = Array.from({ length: burst }, () => pace.admit(ig(), t0));
    expect(now.every((r) => r === null)).toBe(true);
    // The next one may leave one interval (10 ms) on, and is not counted until it does.
    expect(pace.admit(ig(), t0)).toEqual(new Date(t0 + 10));
    expect(pace.admit(ig(), t0)).toEqual(new Date(t0 + 10));
    expect(pace.admit(ig(), t0 + 10)).toBeNull();
    // Another account, and another kind on the same account, have buckets of their own.
    expect(pace.admit(ig('a2'), t0)).toBeNull();
    expect(pace.admit({ account_id: 'a1', kind: 'private_reply', platform: 'instagram' }, t0)).toBeNull();
  });

  it('holds a late claim that takes 1.4 s of rows at once to the bucket (the broadcast bench saw 144 in a second)', () => {
    const pace = createCallPace(limits);
    // Rows slotted 10 ms apart over 10 s, but claimed in lumps: on time, then 400 ms late, then on time.
    const slots = Array.from({ length: 1000 }, (_, k) => 1_000_000 + k * 10);
    const claimedAt = slots.map((s) => (s >= 1_003_000 && s < 1_003_400 ? 1_003_400 : s));
    const left = simulate(pace, claimedAt);
    expect(left).toHaveLength(1000);
    expect(maxInOneSecond(left)).toBeLessThanOrEqual(105);
    // Without the pace the same claims put 140 into one second.
    expect(maxInOneSecond([...claimedAt].sort((a, b) => a - b))).toBeGreaterThanOrEqual(140);
  });

  it("keeps a private reply's whole burst (its slack is under one interval) and Messenger's own rate", () => {
    const pace = createCallPace(limits);
    const t0 = 5_000_000;
    const reply = { account_id: 'a1', kind: 'private_reply' as const, platform: 'instagram' };
    expect(Array.from({ length: 10 }, () => pace.admit(reply, t0)).every((r) => r === null)).toBe(true);
    expect(pace.admit(reply, t0)).toEqual(new Date(t0 + 4800)); // 750 an hour
    const page = { account_id: 'p1', kind: 'dm' as const, platform: 'facebook' };
    const left = simulate(
      pace,
      Array.from({ length: 900 }, () => t0),
      page,
    );
    expect(maxInOneSecond(left)).toBeLessThanOrEqual(300 + 30);
    expect(left.at(-1)! - t0).toBeLessThan(3100); // 300 a second
  });

  it('forgets idle accounts once it holds many (their buckets are full again)', () => {
    const pace = createCallPace(limits);
    for (let i = 0; i < 10_500; i++) expect(pace.admit(ig(`acc-${i}`), 0)).toBeNull();
    // Long after, every one of them may send a full burst again.
    const later = 60_000;
    const burst = 10 - Math.floor(tuning.sends.callPaceSlackMs / 10);
    expect(Array.from({ length: burst }, () => pace.admit(ig('acc-1'), later)).every((r) => r === null)).toBe(true);
  });

  it('keeps the count of every account still inside its burst, however many it holds', () => {
    const pace = createCallPace(limits);
    const burst = 10 - Math.floor(tuning.sends.callPaceSlackMs / 10);
    for (let i = 0; i < 12_000; i++) for (let k = 0; k < burst; k++) expect(pace.admit(ig(`busy-${i}`), 0)).toBeNull();
    // None was dropped as idle: each one's next call waits for its interval.
    for (const i of [0, 5_000, 11_999]) expect(pace.admit(ig(`busy-${i}`), 0)).toEqual(new Date(10));
  });
});
