import type pg from 'pg';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import { tuning } from '../../../config/tuning';
import { nodeKinds } from '../../../contracts/flows/node-kinds';
import { jobs } from '../../../contracts/jobs';
import { platformSchema, providerSchema } from '../../../contracts/platforms';
import { countNewInboundEvents, countNewRunSteps } from '../../../db/metrics/count-new-rows';
import { readOpenTransactions, sampleSequences, type SequenceSample } from '../../../db/metrics/read-collection-horizon';
import { readInboundBacklog } from '../../../db/metrics/read-inbound-backlog';
import { readInstanceGauges } from '../../../db/metrics/read-instance-gauges';
import { readJobCounts } from '../../../db/metrics/read-job-counts';
import { readSentWindow, readUnsentCounts } from '../../../db/metrics/read-sends';
import { DerivedHistogram } from './derived-histogram';

export interface FleetMetricsOptions {
  pool: pg.Pool;
  log: Pick<Logger, 'warn' | 'info'>;
  /** Figures are read at most this often, however often scrapes come (every web process reads its own). */
  ttlMs: number;
  workerStaleAfterMs: number;
  now?: () => number;
}

/** Send latency buckets (seconds): replies go out in well under a second, paced DMs and retries take minutes. */
export const SEND_LATENCY_BOUNDS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];
/** How long a transaction left open may hold the counters back before they move on without it. */
const MAX_HOLD_MS = 10 * 60_000;
/** Rows stamped with now() are settled once older than every open transaction, and this (pg_stat_activity's start is reported a moment after it is taken). */
const STAMP_MARGIN_MS = 1000;
const JOB_STATES = ['queued', 'scheduled', 'running', 'failed'] as const;
/** The send ledger's platform label: the account's platform, `sandbox` for the simulator's. */
const SEND_PLATFORMS = [...platformSchema.options, 'sandbox'];
const FLEET = 'Fleet-wide, read from the database: every web process reports the same figure (aggregate with max, not sum).';

/**
 * The figures of work done anywhere in the fleet (webhook ingest, workers' batches, sends, flow
 * steps, AI answers), read from PostgreSQL when Prometheus scrapes a web process (ADR 0036): jobs
 * per task from Graphile's public view, the inbound backlog, the ledger's unsent rows, worker
 * heartbeats as gauges; and counters of what was committed since the last read, each read once:
 * - rows of append-only tables by id, up to a sample of their sequence that every transaction open
 *   when it was taken has since left (inbound events, run steps);
 * - completed sends by `sent_at` (their transaction's start) up to the oldest open transaction's
 *   start, through the ledger's sent_at index, with their latency into a histogram;
 * - failed sends and AI model answers as increases of their totals.
 * Counters start at 0 when the process first reads (like any process's counters). Reads are
 * cached for `ttlMs` and shared by concurrent scrapes; a failed read keeps the last figures and
 * sets `replypilot_database_up` to 0.
 */
export class FleetMetrics {
  private readonly now: () => number;
  private lastRead = -Infinity;
  private inFlight: Promise<void> | undefined;
  private samples: SequenceSample[] = [];
  private inboundAfter: bigint | undefined;
  private stepsAfter: bigint | undefined;
  private sentAfter: Date | undefined;
  private failedTotals: Map<string, number> | undefined;
  private aiTotals: Map<string, number> | undefined;
  private warned = false;

  private readonly up: Gauge;
  private readonly readSeconds: Gauge;
  private readonly inboundEvents: Counter;
  private readonly inboundPending: Gauge;
  private readonly inboundLag: Gauge;
  private readonly inboundGivenUp: Gauge;
  private readonly jobCount: Gauge;
  private readonly jobOldestDue: Gauge;
  private readonly sends: Counter;
  private readonly sendsPending: Gauge;
  private readonly sendLatency: DerivedHistogram;
  private readonly flowSteps: Counter;
  private readonly aiAnswers: Counter;
  private readonly workersAlive: Gauge;

  constructor(
    private readonly opts: FleetMetricsOptions,
    registry: Registry,
  ) {
    this.now = opts.now ?? Date.now;
    const collect = () => this.refresh();
    const registers = [registry];
    // Each metric's collect() awaits the one shared read before it renders.
    const gauge = (name: string, help: string, labelNames: string[] = []) =>
      new Gauge({ name, help, labelNames, registers, collect: async () => void (await collect()) });
    const counter = (name: string, help: string, labelNames: string[] = []) =>
      new Counter({ name, help, labelNames, registers, collect: async () => void (await collect()) });

    this.up = gauge('replypilot_database_up', 'Whether this process read the fleet figures from PostgreSQL at its last try (1) or not (0).');
    this.readSeconds = gauge('replypilot_fleet_read_duration_seconds', 'How long the last read of the fleet figures took.');
    this.inboundEvents = counter('replypilot_fleet_inbound_events_total', `Webhook and simulator events stored (accepted), by provider. ${FLEET}`, [
      'provider',
    ]);
    this.inboundPending = gauge('replypilot_fleet_inbound_pending_events', `Stored events not yet processed. ${FLEET}`);
    this.inboundLag = gauge('replypilot_fleet_inbound_lag_seconds', `Age of the oldest stored event not yet processed (0: none waits). ${FLEET}`);
    this.inboundGivenUp = gauge(
      'replypilot_fleet_inbound_failed_events',
      `Events left unprocessed after ${tuning.inbound.maxEventAttempts} failures, with their error. ${FLEET}`,
    );
    this.jobCount = gauge(
      'replypilot_fleet_jobs',
      `Graphile Worker jobs by task and state (queued: due; scheduled: run_at ahead; running; failed: out of attempts). ${FLEET}`,
      ['task', 'state'],
    );
    this.jobOldestDue = gauge('replypilot_fleet_job_oldest_due_seconds', `How long the oldest due job of each task has waited for a worker. ${FLEET}`, [
      'task',
    ]);
    this.sends = counter(
      'replypilot_fleet_sends_total',
      `Platform sends (DMs, private and public replies) by platform and outcome, from the send ledger. ${FLEET}`,
      ['platform', 'outcome'],
    );
    this.sendsPending = gauge('replypilot_fleet_sends_pending', `Send ledger rows queued or in flight, by platform. ${FLEET}`, ['platform', 'status']);
    this.sendLatency = new DerivedHistogram(
      'replypilot_fleet_send_latency_seconds',
      `From a send being queued to the platform accepting it (rate pacing and retries included), by platform. ${FLEET}`,
      SEND_LATENCY_BOUNDS,
      collect,
    );
    registry.registerMetric(this.sendLatency.asMetric());
    this.flowSteps = counter('replypilot_fleet_flow_steps_total', `Flow steps taken, by node kind. ${FLEET}`, ['kind']);
    this.aiAnswers = counter(
      'replypilot_fleet_ai_model_answers_total',
      `AI answers made with a model (chat, smart KB, suggested replies, AI Reply steps). ${FLEET}`,
    );
    this.workersAlive = gauge('replypilot_fleet_workers_alive', `Worker processes with a fresh heartbeat. ${FLEET}`);

    // Every known series from the start, at 0: a counter's first increase is then not lost to rate().
    for (const provider of providerSchema.options) this.inboundEvents.inc({ provider }, 0);
    for (const kind of nodeKinds) this.flowSteps.inc({ kind }, 0);
    for (const platform of SEND_PLATFORMS) for (const outcome of ['sent', 'failed']) this.sends.inc({ platform, outcome }, 0);
    this.aiAnswers.inc(0);
  }

  /** Reads the figures unless read within the TTL; concurrent callers share one read. Never rejects. */
  refresh(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    if (this.now() - this.lastRead < this.opts.ttlMs) return Promise.resolve();
    this.inFlight = this.read()
      .then(
        () => {
          this.up.set(1);
          this.warned = false;
        },
        (err: unknown) => {
          this.up.set(0);
          if (!this.warned) this.opts.log.warn({ err }, 'metrics: could not read the fleet figures from PostgreSQL');
          this.warned = true;
        },
      )
      .finally(() => {
        this.lastRead = this.now();
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  private async read(): Promise<void> {
    const started = performance.now();
    const { pool } = this.opts;
    // First the sequences, then everything else, then the open transactions: the longer the gap,
    // the likelier the sample has settled by the time the horizon is read.
    this.samples.push(await sampleSequences(pool));

    const [jobCounts, backlog, unsent, instance] = await Promise.all([
      readJobCounts(pool),
      readInboundBacklog(pool, tuning.inbound.maxEventAttempts),
      readUnsentCounts(pool),
      readInstanceGauges(pool, this.opts.workerStaleAfterMs),
    ]);
    this.setJobs(jobCounts);
    this.inboundPending.set(backlog.pending);
    this.inboundLag.set(backlog.oldestSeconds);
    this.inboundGivenUp.set(backlog.givenUp);
    this.workersAlive.set(instance.workersAlive);
    const pending = new Map<string, number>();
    const failed = new Map<string, { platform: string; n: number }>();
    for (const u of unsent) {
      if (u.status === 'failed') failed.set(u.accountId, u);
      else pending.set(`${u.platform} ${u.status}`, (pending.get(`${u.platform} ${u.status}`) ?? 0) + u.n);
    }
    for (const platform of SEND_PLATFORMS)
      for (const status of ['queued', 'sending']) this.sendsPending.set({ platform, status }, pending.get(`${platform} ${status}`) ?? 0);
    // Increases per account and per workspace-month: a deleted workspace's rows leave without hiding others' growth.
    this.failedTotals = addIncreases(this.failedTotals, new Map([...failed].map(([id, f]) => [id, f.n])), (id, n) =>
      this.sends.inc({ platform: failed.get(id)!.platform, outcome: 'failed' }, n),
    );
    this.aiTotals = addIncreases(this.aiTotals, instance.aiAnswers, (_key, n) => this.aiAnswers.inc(n));

    const open = await readOpenTransactions(pool);
    const clock = open.clock.getTime();
    const oldest = Math.max(open.oldestStart?.getTime() ?? clock, clock - MAX_HOLD_MS);
    await this.countSettledRows(Math.min(oldest, clock));
    await this.countSentSends(new Date(Math.min(oldest, clock - STAMP_MARGIN_MS)));
    this.readSeconds.set((performance.now() - started) / 1000);
  }

  private setJobs(rows: Awaited<ReturnType<typeof readJobCounts>>): void {
    this.jobCount.reset();
    this.jobOldestDue.reset();
    // Every known task is reported, at 0 when it has no job, so a series does not vanish when its queue empties.
    const tasks = new Set([...Object.keys(jobs), ...rows.map((r) => r.task)]);
    const byTask = new Map(rows.map((r) => [r.task, r]));
    for (const task of tasks) {
      const r = byTask.get(task);
      for (const state of JOB_STATES) this.jobCount.set({ task, state }, r?.[state] ?? 0);
      this.jobOldestDue.set({ task }, r?.oldestDueSeconds ?? 0);
    }
  }

  /** Counts inbound events and run steps up to the newest sequence sample taken before every open transaction began. */
  private async countSettledRows(horizon: number): Promise<void> {
    let settled: SequenceSample | undefined;
    while (this.samples.length && this.samples[0]!.at.getTime() <= horizon) settled = this.samples.shift();
    if (!settled) return;
    if (this.inboundAfter !== undefined && this.stepsAfter !== undefined) {
      const [events, steps] = await Promise.all([
        settled.inboundEvents > this.inboundAfter ? countNewInboundEvents(this.opts.pool, this.inboundAfter, settled.inboundEvents) : new Map<string, number>(),
        settled.runSteps > this.stepsAfter ? countNewRunSteps(this.opts.pool, this.stepsAfter, settled.runSteps) : new Map<string, number>(),
      ]);
      for (const [provider, n] of events) this.inboundEvents.inc({ provider }, n);
      for (const [kind, n] of steps) this.flowSteps.inc({ kind }, n);
    }
    this.inboundAfter = settled.inboundEvents;
    this.stepsAfter = settled.runSteps;
  }

  /** Counts the sends completed since the last read's horizon, with their latency. */
  private async countSentSends(horizon: Date): Promise<void> {
    if (this.sentAfter && horizon > this.sentAfter) {
      for (const w of await readSentWindow(this.opts.pool, this.sentAfter, horizon, SEND_LATENCY_BOUNDS)) {
        this.sends.inc({ platform: w.platform, outcome: 'sent' }, w.count);
        this.sendLatency.add({ platform: w.platform }, w.buckets, w.latencySum, w.count);
      }
    }
    if (!this.sentAfter || horizon > this.sentAfter) this.sentAfter = horizon;
  }
}

/**
 * Adds what each total grew by since the previous read (none on the first), and returns the totals
 * to compare the next read with. A total that shrank (a claim given back) adds nothing; one that
 * is gone (its rows deleted) is forgotten.
 */
function addIncreases(previous: Map<string, number> | undefined, current: Map<string, number>, add: (key: string, n: number) => void): Map<string, number> {
  if (previous) {
    for (const [key, n] of current) {
      const grown = n - (previous.get(key) ?? 0);
      if (grown > 0) add(key, grown);
    }
  }
  return current;
}
