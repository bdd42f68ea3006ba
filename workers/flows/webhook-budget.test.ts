import { describe, expect, it } from 'vitest';
import { webhookBudget, webhookSlots } from './webhook-budget';

describe('webhook slots of a worker process', () => {
  it('are half the slots, at least one', () => {
    expect([1, 2, 3, 5, 8, 9].map(webhookSlots)).toEqual([1, 1, 1, 2, 4, 4]);
  });

  it('forbid fetching webhook calls while full, and refuse a slot past the limit', () => {
    const budget = webhookBudget(2);
    expect(budget.forbiddenFlags()).toBeNull();
    expect(budget.tryAcquire()).toBe(true);
    expect(budget.tryAcquire()).toBe(true);
    expect(budget.forbiddenFlags()).toEqual(['webhook']);
    expect(budget.tryAcquire()).toBe(false);
    budget.release();
    expect(budget.forbiddenFlags()).toBeNull();
    expect(budget.tryAcquire()).toBe(true);
  });
});
