import { describe, expect, it } from 'vitest';
import { laneOf, webhookQueueName } from '../../contracts/jobs';
import { webhookBudget, webhookSlots, webhookSlotsPerWorkspace } from './webhook-budget';

describe('webhook slots of a worker process', () => {
  it('are half the slots, at least one; a workspace may hold all but one of them, at least one', () => {
    expect([1, 2, 3, 5, 8, 9].map(webhookSlots)).toEqual([1, 1, 1, 2, 4, 4]);
    expect([1, 2, 4, 12].map(webhookSlotsPerWorkspace)).toEqual([1, 1, 3, 11]);
  });

  it('forbid fetching webhook calls while full, and refuse a slot past the limit', () => {
    const budget = webhookBudget(2, 2);
    expect(budget.forbiddenFlags()).toBeNull();
    expect(budget.tryAcquire('a')).toBe(true);
    expect(budget.tryAcquire('b')).toBe(true);
    expect(budget.forbiddenFlags()).toEqual(['webhook']);
    expect(budget.tryAcquire('c')).toBe(false);
    budget.release('a');
    expect(budget.forbiddenFlags()).toBeNull();
    expect(budget.tryAcquire('c')).toBe(true);
  });

  it("refuse a workspace's call past its share, while other workspaces still get the slot it leaves", () => {
    const budget = webhookBudget(4);
    expect([1, 2, 3, 4].map(() => budget.tryAcquire('a'))).toEqual([true, true, true, false]);
    expect(budget.tryAcquire('b')).toBe(true);
    expect(budget.forbiddenFlags()).toEqual(['webhook']);
    budget.release('a');
    expect(budget.tryAcquire('a')).toBe(true);
    budget.release('b');
    budget.release('a');
    expect(budget.tryAcquire('b')).toBe(true);
    expect(budget.tryAcquire('b')).toBe(true);
  });
});

describe('webhook lanes of a workspace', () => {
  it('keep every call of one run in one lane and spread runs over all lanes', () => {
    const runs = Array.from({ length: 400 }, (_, i) => `00000000-0000-4000-8000-${(i * 7919).toString(16).padStart(12, '0')}`);
    const lanes = new Set(runs.map((r) => laneOf(r, 4)));
    expect([...lanes].sort()).toEqual([0, 1, 2, 3]);
    for (const r of runs) expect(webhookQueueName('ws', r, 4)).toBe(webhookQueueName('ws', r, 4));
    expect(webhookQueueName('ws', runs[0]!, 1)).toBe('webhook:ws:0');
    expect(runs.every((r) => laneOf(r, 1) === 0)).toBe(true);
  });
});
