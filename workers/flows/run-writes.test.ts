import { describe, expect, it } from 'vitest';
import type { ExecutionPlan } from '../../contracts/execution-plan';
import { initialRunState } from '../../contracts/run-state';
import type { Command } from '../../workflows/advance';
import { lastNode, mergeWrites, runUpdateFor, statusAfter, writesFor } from './run-writes';

const run = { id: 'run-1', contact_id: 'contact-1' };
const plan: ExecutionPlan = {
  schema: 1,
  platform: 'instagram',
  triggerNodeId: 't',
  trigger: { type: 'keyword_dm', keywords: ['hi'], accountId: null, postId: null },
  nodes: {
    t: { id: 't', kind: 'trigger', label: 'Start', config: { type: 'keyword_dm', keywords: ['hi'], accountId: null, postId: null }, next: { next: 'd' } },
    d: { id: 'd', kind: 'delay', label: 'Wait', config: { amount: 1, unit: 'minutes' }, next: { next: 'w' } },
    w: {
      id: 'w',
      kind: 'waitForReply',
      label: 'Reply?',
      config: { timeout: { amount: 1, unit: 'hours' }, saveAs: null },
      next: { reply: null, timeout: null },
    },
  },
} as ExecutionPlan;
const only = (c: Command) => writesFor(run, plan, [c]);
const now = new Date('2030-01-01T00:00:00Z');

describe('writesFor: every command kind → rows (one translation for the driver and the batch resume)', () => {
  it('recordStep inserts a completed step', () => {
    const w = only({ type: 'recordStep', step: { seq: 1, nodeId: 't', kind: 'trigger', status: 'completed', input: null, output: { trigger: 'keyword_dm' } } });
    expect(w.recordedSteps).toEqual([{ runId: 'run-1', seq: 1, nodeId: 't', kind: 'trigger', input: null, output: { trigger: 'keyword_dm' } }]);
    expect({ ...w, recordedSteps: [] }).toEqual(mergeWrites([]));
  });

  it('recordStep with finishes closes the awaited step', () => {
    const w = only({ type: 'recordStep', finishes: true, step: { seq: 2, nodeId: 'd', kind: 'delay', status: 'completed', input: null, output: { ok: 1 } } });
    expect(w.finishedSteps).toEqual([{ runId: 'run-1', seq: 2, output: { ok: 1 } }]);
    expect(w.recordedSteps).toEqual([]);
  });

  it('startTimer opens a sleeping step (upserted) and a delay timer', () => {
    const w = only({ type: 'startTimer', seq: 2, nodeId: 'd', dueInMs: 60_000 });
    expect(w.openedSteps).toEqual([{ runId: 'run-1', seq: 2, nodeId: 'd', kind: 'delay', status: 'sleeping', input: { dueInMs: 60_000 } }]);
    expect(w.timers).toEqual([{ runId: 'run-1', seq: 2, kind: 'delay', dueInMs: 60_000 }]);
  });

  it('waitForReply opens a waiting step and a reply timeout', () => {
    const w = only({ type: 'waitForReply', seq: 3, nodeId: 'w', timeoutMs: 3_600_000 });
    expect(w.openedSteps).toEqual([{ runId: 'run-1', seq: 3, nodeId: 'w', kind: 'waitForReply', status: 'waiting', input: { timeoutMs: 3_600_000 } }]);
    expect(w.timers).toEqual([{ runId: 'run-1', seq: 3, kind: 'reply_timeout', dueInMs: 3_600_000 }]);
  });

  it('callActivity opens a running step with the activity as its input, and no timer', () => {
    const activity = { type: 'publicReply' as const, text: 'Thanks!' };
    const w = only({ type: 'callActivity', seq: 4, nodeId: 'x', kind: 'publicReply', activity });
    expect(w.openedSteps).toEqual([{ runId: 'run-1', seq: 4, nodeId: 'x', kind: 'publicReply', status: 'running', input: activity }]);
    expect(w.timers).toEqual([]);
  });

  it('updateContact patches the run’s contact, with empty defaults', () => {
    const w = writesFor(run, plan, [
      { type: 'updateContact', addTags: ['vip'] },
      { type: 'updateContact', removeTags: ['vip'], setFields: { plan: 'pro' } },
    ]);
    expect(w.contactUpdates).toEqual([
      { contactId: 'contact-1', addTags: ['vip'], removeTags: [], setFields: {} },
      { contactId: 'contact-1', addTags: [], removeTags: ['vip'], setFields: { plan: 'pro' } },
    ]);
  });

  it('complete clears the run’s timers', () => {
    expect(only({ type: 'complete' }).clearTimers).toEqual(['run-1']);
  });

  it('fail upserts the failed step (where the batch used to only update) and clears the timers', () => {
    const w = only({ type: 'fail', seq: 2, nodeId: 'd', reason: 'boom' });
    expect(w.failedSteps).toEqual([{ runId: 'run-1', seq: 2, nodeId: 'd', kind: 'delay', error: 'boom' }]);
    expect(w.clearTimers).toEqual(['run-1']);
    expect(only({ type: 'fail', seq: 2, nodeId: 'ghost', reason: 'gone' }).failedSteps[0]!.kind).toBe('unknown');
  });

  it('mergeWrites concatenates runs’ writes, keeping order', () => {
    const a = writesFor({ id: 'a', contact_id: 'c' }, plan, [{ type: 'startTimer', seq: 2, nodeId: 'd', dueInMs: 1 }]);
    const b = writesFor({ id: 'b', contact_id: 'c' }, plan, [{ type: 'startTimer', seq: 5, nodeId: 'd', dueInMs: 2 }]);
    expect(mergeWrites([a, b]).timers.map((t) => t.runId)).toEqual(['a', 'b']);
  });
});

describe('statusAfter / runUpdateFor', () => {
  const state = { ...initialRunState(), seq: 3 };
  it('fail wins over everything and carries the reason', () => {
    expect(statusAfter([{ type: 'complete' }, { type: 'fail', seq: 3, nodeId: 'd', reason: 'r' }], state, now)).toEqual({
      status: 'failed',
      detail: 'Failed',
      error: 'r',
      resumeAt: null,
    });
  });
  it('complete, timer, wait and running', () => {
    expect(statusAfter([{ type: 'complete' }], state, now).status).toBe('completed');
    expect(statusAfter([{ type: 'startTimer', seq: 3, nodeId: 'd', dueInMs: 1000 }], state, now)).toMatchObject({
      status: 'sleeping',
      resumeAt: new Date(now.getTime() + 1000),
    });
    expect(statusAfter([{ type: 'waitForReply', seq: 3, nodeId: 'w', timeoutMs: 5000 }], state, now)).toMatchObject({
      status: 'waiting',
      resumeAt: new Date(now.getTime() + 5000),
    });
    expect(statusAfter([], state, now)).toEqual({ status: 'running', detail: null, error: null, resumeAt: null });
  });
  it('the row points at the awaited node, else the last step touched', () => {
    const cmds: Command[] = [{ type: 'recordStep', step: { seq: 3, nodeId: 'd', kind: 'delay', status: 'completed', input: null, output: null } }];
    expect(lastNode(cmds)).toBe('d');
    const u = runUpdateFor('run-1', state, cmds, statusAfter(cmds, state, now));
    expect(u).toMatchObject({ id: 'run-1', stepCount: 3, currentNodeId: 'd', status: 'running' });
  });
});
