import { describe, expect, it } from 'vitest';
import { aiAllowances } from './ai';
import { planList, planNumberSql, planOf, plans, trialBanner, TRIAL_PLAN } from './plans';

describe('the plan catalogue (ADR 0041)', () => {
  it('has one trial plan, prices that rise with the allowances, and the AI allowances are its numbers', () => {
    expect(planList.filter((p) => p.trial).map((p) => p.id)).toEqual([TRIAL_PLAN]);
    for (let i = 1; i < planList.length; i++) {
      expect(planList[i]!.monthlyPriceUsd).toBeGreaterThan(planList[i - 1]!.monthlyPriceUsd);
      expect(planList[i]!.automatedMessages).toBeGreaterThan(planList[i - 1]!.automatedMessages);
    }
    expect([aiAllowances.free, aiAllowances.basic, aiAllowances.pro, aiAllowances.premium].map((a) => a.monthlyModelAnswers)).toEqual(
      planList.map((p) => p.aiAnswers),
    );
  });

  it('an unknown plan id reads as the free plan, in TypeScript and in SQL', () => {
    expect(planOf('gold')).toBe(plans.free);
    expect(planNumberSql('w.plan', (p) => p.automatedMessages)).toMatch(/else 100 end\)$/);
  });

  it('the trial banner shows from 7 days before the end, with its own words on the last day, and never without a trial', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
    expect(trialBanner(null, now)).toBeNull();
    expect(trialBanner(inHours(7 * 24 + 1), now)).toBeNull();
    expect(trialBanner(inHours(7 * 24), now)).toEqual({ daysLeft: 7, lastDay: false });
    expect(trialBanner(inHours(25), now)).toEqual({ daysLeft: 2, lastDay: false });
    expect(trialBanner(inHours(5), now)).toEqual({ daysLeft: 1, lastDay: true });
    expect(trialBanner(inHours(-1), now)).toBeNull();
  });
});
