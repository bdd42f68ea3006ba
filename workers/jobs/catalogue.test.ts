import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { PlatformDeps } from '../../activities/platform-deps';
import { jobKey, jobs } from '../../contracts/jobs';
import { jobSpecRow } from '../../db/jobs/job-spec';
import { webhookBudget } from '../flows/webhook-budget';
import { crontab, taskList, type WorkerConfig } from '../worker';

const config: WorkerConfig = {
  privateRepliesPerHour: 750,
  workerStaleAfterMs: 60_000,
  accountHealthIntervalMinutes: 60,
  reconcile: { everyMinutes: 15, readsPerHour: 600 },
  demo: { ttlHours: 24 },
  flows: { retryBaseMs: 1000, maxAttempts: 5, webhookTimeoutMs: 10_000, webhookAllowLoopback: false, webhookLanes: 4, timerPumpIntervalMs: 250 },
};

describe('the job catalogue (contracts/jobs.ts)', () => {
  it('lists exactly the tasks the worker registers', () => {
    const tasks = taskList({
      pool: {} as pg.Pool,
      config,
      platform: {} as PlatformDeps,
      webhooks: { budget: webhookBudget(2), shutdown: new AbortController().signal },
    });
    expect(Object.keys(tasks).sort()).toEqual(Object.keys(jobs).sort());
  });

  it('an alias names a task of the catalogue and takes its payloads (jobs queued under an old name still run)', () => {
    const aliases = Object.entries(jobs).flatMap(([name, job]) => ('aliasOf' in job && job.aliasOf ? [[name, job.aliasOf] as const] : []));
    expect(aliases).toEqual([['outbound.sends', 'outbound.send']]);
    const id = '0b9c5c8e-3c1a-4c55-9a3e-1d7a3c1b2f00';
    for (const [alias, task] of aliases) {
      const payload = jobs[alias as keyof typeof jobs].payload.parse({ ledgerIds: [id] });
      expect(jobs[task as keyof typeof jobs].payload.parse(payload)).toEqual({ ledgerIds: [id] });
    }
  });

  it('every crontab task is a catalogue task marked cron', () => {
    const cronTasks = crontab(config)
      .split('\n')
      .map((line) => line.split(/\s+/)[5]!);
    for (const task of cronTasks) expect(jobs[task as keyof typeof jobs]).toMatchObject({ cron: true });
  });

  it('payloads parse as their producers write them', () => {
    const id = '0b9c5c8e-3c1a-4c55-9a3e-1d7a3c1b2f00';
    expect(jobs['inbound.process'].payload.parse({ eventId: 42 })).toEqual({ eventId: '42' });
    expect(jobs['inbound.process'].payload.parse({ shard: 3 })).toEqual({ shard: 3 });
    expect(jobs['inbound.process'].payload.safeParse({ shard: -1 }).success).toBe(false);
    expect(jobs['run.advance'].payload.parse({ runId: id })).toEqual({ runId: id });
    expect(jobs['runs.resume'].payload.safeParse({ runIds: [] }).success).toBe(false);
    // One send job: one row (keyed) or the rows due together.
    expect(jobs['outbound.send'].payload.parse({ ledgerId: id })).toEqual({ ledgerId: id });
    expect(jobs['outbound.send'].payload.parse({ ledgerIds: [id, id] })).toEqual({ ledgerIds: [id, id] });
    expect(jobs['outbound.send'].payload.safeParse({ ledgerIds: [] }).success).toBe(false);
    expect(jobs['run.webhook'].payload.safeParse({ runId: id, seq: 0, workspaceId: id }).success).toBe(false);
  });

  it('keys and job_spec rows come from the catalogue', () => {
    expect(jobKey('outbound.send', 'l1')).toBe('send:l1');
    expect(jobKey('run.advance', 'r1')).toBe('run:r1');
    expect(jobKey('inbound.process', '3')).toBe('inbound:3');
    expect(() => jobKey('runs.resume', 'e1')).toThrow('has no key');
    expect(jobSpecRow('account.health', { payload: 'p', keyOf: 'id' })).toBe(
      `row('account.health', p, null, null, 3, 'account-health:' || id, 10, null)::graphile_worker.job_spec`,
    );
    expect(() => jobSpecRow('runs.resume', { payload: 'p', keyOf: 'id' })).toThrow('has no key');
    // Reconciliation: a key per account (never doubled), one queue for all (one slot fleet-wide at most).
    expect(jobSpecRow('account.reconcile', { payload: 'p', keyOf: 'id', queueOf: "'all'" })).toBe(
      `row('account.reconcile', p, 'reconcile:' || 'all', null, 5, 'reconcile:' || id, 10, null)::graphile_worker.job_spec`,
    );
  });
});
