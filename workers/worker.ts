import { endTrialsJob } from './jobs/end-trials.job';
import { bookingsRemindJob } from './jobs/bookings-remind.job';
import { Logger, run, type Runner, type RunnerOptions, type Task, type TaskList, type WorkerPool } from 'graphile-worker';
import type pg from 'pg';
import type { Logger as Pino } from 'pino';
import type { PlatformDeps } from '../activities/platform-deps';
import type { TaskName } from '../contracts/jobs';
import { createSender, platformDriver, sendInOneTransaction } from '../activities/send-outbound.activity';
import { createFollowCheck } from '../activities/follow-check.activity';
import { createSendPump, type SendPump } from './send-pump';
import { randomUUID } from 'node:crypto';
import { sendLimitsFromConfig } from '../db/sends/send-limits';
import { throttledErrorLog } from '../db/unavailable';
import { accountHealthJob, accountsHealthCron } from './jobs/account-health.job';
import { accountReconcileJob, accountsReconcileCron } from './jobs/account-reconcile.job';
import { accountsReleaseJob } from './jobs/accounts-release.job';
import { mailInviteJob } from './jobs/mail-invite.job';
import { contactsImportJob } from './jobs/contacts-import.job';
import { mailPaymentFailedJob } from './jobs/mail-payment-failed.job';
import { mailResetJob } from './jobs/mail-reset.job';
import { pushNotifyJob } from './jobs/push-notify.job';
import type { PushSender } from '../activities/push-notify';
import { enqueueReconciliations } from '../db/reconcile/enqueue-reconciliations';
import type { ReconcileOptions } from '../activities/reconcile-account';
import { setTimeout as sleep } from 'node:timers/promises';
import { broadcastDispatchJob } from './jobs/broadcast-dispatch.job';
import { sequenceStepJob } from './jobs/sequence-step.job';
import { commentsModerateJob } from './jobs/comments-moderate.job';
import { inboundLinger, inboundProcessJob, inboundSweepJob, NO_LINGER, type InboundLinger } from './jobs/inbound-process.job';
import { tuning } from '../config/tuning';
import { maintenancePrune } from './jobs/maintenance-prune.job';
import { outboundSendJob, outboundSweepJob } from './jobs/outbound-send.job';
import { outboundVerifyJob } from './jobs/outbound-verify.job';
import type { VerifyOptions } from '../activities/sends/verify-delivery';
import { nudgeAfterQueueUnlocks } from './queue-nudge';
import { runAdvanceJob } from './jobs/run-advance.job';
import { runsResumeJob } from './jobs/runs-resume.job';
import { runWebhookJob } from './jobs/run-webhook.job';
import { runAiJob } from './jobs/run-ai.job';
import { defaultEventWebhookPolicy, eventWebhooksDeliverJob } from './jobs/event-webhooks-deliver.job';
import { scheduleNextDelivery } from '../db/event-webhooks/deliveries';
import type { AiConfig, Config } from '../config/config';
import { createAiRuntime } from '../activities/ai-answer.activity';
import { startTimerPump } from './flows/timer-pump';
import { webhookBudget, webhookSlots, type WebhookBudget } from './flows/webhook-budget';
import { startWatchdog } from './watchdog';
import { forceUnlockWorkers } from '../db/ops/worker-heartbeats';
import { timedStep } from './timed-step';
import { noLinkBase, type LinkBase } from './inbound/context';
import type { ShardWakes } from '../db/inbound/wake-shards';

export interface WorkerConfig {
  privateRepliesPerHour: number;
  workerStaleAfterMs: number;
  /** Minutes between checks of each account's token with its platform (0: no checks). */
  accountHealthIntervalMinutes: number;
  /** Missed-webhook reconciliation (ADR 0014): minutes between runs per account (0: off), Graph reads per hour per account. */
  reconcile: { everyMinutes: number; readsPerHour: number };
  demo: { ttlHours: number };
  /** The flow runtime's settings, as configured (webhook lanes: FLOW_WEBHOOK_LANES, ADR 0009). */
  flows: Config['flows'];
  /** AI reply steps' provider; absent or without one, they quote the knowledge base (ADR 0011). */
  ai?: AiConfig;
  /** Platform calls the send pump keeps in flight (SEND_MAX_IN_FLIGHT, ADR 0021); default 256. */
  sendMaxInFlight?: number;
  /** Account mail (password reset links); absent: none is sent, and each one dropped is logged. */
  mail?: Config['mail'];
  /** Web Push (ADR 0045): the VAPID keys and contact; absent, `push.notify` jobs send nothing and say so. */
  push?: PushSender;
}

/** Flow webhook calls' share of the slots and the signal that abandons them at shutdown (ADR 0009). */
export interface WebhookSlots {
  budget: WebhookBudget;
  shutdown: AbortSignal;
}

/** What the worker's tasks are made from: one process's pool, settings and shared parts. */
export interface TaskDeps {
  pool: pg.Pool;
  config: WorkerConfig;
  platform: PlatformDeps;
  webhooks: WebhookSlots;
  /** Where tracked links point; none: links are left as written. */
  links?: LinkBase;
  /** The process's send pump (ADR 0021); one of its own by default. */
  pump?: SendPump;
  /** This process's in-memory wakes of inbound shard jobs (ADR 0032), and how long those jobs wait for them; none by default. */
  wakes?: ShardWakes;
  linger?: InboundLinger;
}

/** Every task of the catalogue (contracts/jobs.ts), and only those: `satisfies` checks both ways. */
export function taskList(deps: TaskDeps): TaskList {
  const { pool, config, platform, webhooks } = deps;
  const links = deps.links ?? noLinkBase;
  const pump = deps.pump ?? sendPump(pool, config, platform, { error: () => {} });
  const limits = sendLimitsFromConfig(config);
  const sender = createSender(pool, platform);
  const driver = {
    limits,
    sender,
    retryBaseMs: config.flows.retryBaseMs,
    maxAttempts: config.flows.maxAttempts,
    linkBaseUrl: links,
    webhookLanes: config.flows.webhookLanes,
    followCheck: createFollowCheck(pool, platform),
  };
  const eventWebhooks = eventWebhooksDeliverJob(pool, {
    cipher: platform.cipher,
    call: { allowLoopback: config.flows.webhookAllowLoopback, timeoutMs: config.flows.webhookTimeoutMs, signal: webhooks.shutdown },
    policy: defaultEventWebhookPolicy(config.flows.webhookTimeoutMs),
  });
  return {
    'maintenance:prune': maintenancePrune({ demoTtlHours: config.demo.ttlHours, pool }),
    'plans:end-trials': endTrialsJob(),
    'bookings:remind': bookingsRemindJob(pool, limits),
    'inbound.process': inboundProcessJob({
      pool,
      limits,
      links,
      flows: { webhookLanes: config.flows.webhookLanes, inlinePerBatch: tuning.flows.inlineFirstStepsPerBatch },
      pump,
      linger: deps.linger ?? NO_LINGER,
      ...(deps.wakes ? { wakes: deps.wakes } : {}),
    }),
    'outbound.send': outboundSendJob(pump),
    // The old name of `outbound.send {ledgerIds}` (contracts/jobs.ts aliasOf): jobs queued before an upgrade still run.
    'outbound.sends': outboundSendJob(pump),
    'outbound:sweep': outboundSweepJob(pool),
    'outbound.verify': outboundVerifyJob(pool, platform, verifyOptions(config.reconcile.readsPerHour)),
    'inbound:sweep': inboundSweepJob(pool),
    'broadcast.dispatch': broadcastDispatchJob(pool, { limits, batchSize: 1000, lookaheadMs: 5000, linkBaseUrl: links }),
    'sequence.step': sequenceStepJob(pool, { limits }),
    'comments.moderate': commentsModerateJob(pool, platform),
    'run.advance': runAdvanceJob(pool, driver),
    'runs.resume': runsResumeJob(pool, { webhookLanes: config.flows.webhookLanes }),
    'accounts:health': accountsHealthCron(pool, config.accountHealthIntervalMinutes),
    'account.health': accountHealthJob(pool, platform),
    'accounts:reconcile': accountsReconcileCron(pool, config.reconcile.everyMinutes),
    'accounts.release': accountsReleaseJob(platform),
    'mail.reset': mailResetJob(pool, config.mail ?? { mode: 'disabled', smtpUrl: undefined, from: '' }),
    'contacts.import': contactsImportJob(pool),
    'mail.invite': mailInviteJob(pool, config.mail ?? { mode: 'disabled', smtpUrl: undefined, from: '' }),
    'push.notify': pushNotifyJob(pool, config.push),
    'mail.payment': mailPaymentFailedJob(pool, config.mail ?? { mode: 'disabled', smtpUrl: undefined, from: '' }),
    'account.reconcile': accountReconcileJob(pool, platform, reconcileOptions(config.reconcile.readsPerHour), { shutdown: webhooks.shutdown }),
    'run.webhook': runWebhookJob(
      pool,
      {
        webhook: { allowLoopback: config.flows.webhookAllowLoopback, timeoutMs: config.flows.webhookTimeoutMs },
        retryBaseMs: config.flows.retryBaseMs,
        maxAttempts: config.flows.maxAttempts,
        lanes: config.flows.webhookLanes,
        driver,
      },
      webhooks.budget,
      webhooks.shutdown,
    ),
    'events.deliver': eventWebhooks,
    'events:sweep': eventWebhooks,
    'run.ai': runAiJob(pool, config.ai ? createAiRuntime(config.ai) : null, config.flows.webhookLanes, webhooks.budget, webhooks.shutdown),
  } satisfies Record<TaskName, Task>;
}

/** The process's send pump (ADR 0021): Meta and X calls in flight without a job slot or a connection. */
export function sendPump(
  pool: pg.Pool,
  config: Pick<WorkerConfig, 'sendMaxInFlight'>,
  platform: PlatformDeps,
  log: { error: (o: object, m: string) => void },
): SendPump {
  return createSendPump(pool, platform, {
    maxInFlight: config.sendMaxInFlight ?? 256,
    pick: platformDriver,
    other: sendInOneTransaction,
    sleep: (ms) => sleep(ms),
    now: () => performance.now(),
    onError: (err, message) => log.error({ err }, message),
  });
}

/**
 * Reconciliation's limits (ADR 0014): its own Graph read bucket per account (a burst of 10, then
 * the configured rate), a run waits for a slot at most 5 s or one read interval (whichever is longer)
 * before handing its worker slot back, the
 * 50 newest posts, 10 pages of 25 comments each, the 25 most recently updated conversations with 2
 * pages of 25 messages each, 10 minutes of overlap, 30 days back at most.
 */
export function reconcileOptions(readsPerHour: number): ReconcileOptions {
  return {
    readLimit: { perHour: readsPerHour, burst: 10 },
    // At least one read interval: a run needing more reads than the burst must be able to take the
    // next slot; with less, its retry (which starts over) paused again at the same read, forever.
    maxWaitMs: Math.max(5000, Math.ceil(3_600_000 / readsPerHour) + 1000),
    maxPosts: 50,
    pageSize: 25,
    maxCommentPages: 10,
    maxConversations: 25,
    maxMessagePages: 2,
    overlapMinutes: 10,
    maxLookbackDays: 30,
    sleep: (ms) => sleep(ms),
    now: () => new Date(),
  };
}

/**
 * Checks of uncertain sends (F23): Meta reads share reconciliation's Graph read bucket per account
 * (the Conversations API's limit is per Page or Instagram account, §2.6); X DM lookups have their own
 * (15 per 15 minutes per user, §4.3); a check waits a few seconds for a slot, or comes back at it.
 */
export function verifyOptions(readsPerHour: number): VerifyOptions {
  return {
    readLimit: { perHour: readsPerHour, burst: 10 },
    xReadLimit: { perHour: tuning.sends.xDmReadsPerHour, burst: 5 },
    maxWaitMs: tuning.sends.verifyMaxWaitMs,
    pageSize: tuning.sends.verifyPageSize,
    sleep: (ms) => sleep(ms),
    now: () => new Date(),
  };
}

/**
 * Housekeeping every 15 minutes (`?fill=1h` backfills a run missed while no worker was up) and,
 * unless turned off, a sweep every 5 minutes that queues account checks that have come due.
 */
export function crontab(config: Pick<WorkerConfig, 'accountHealthIntervalMinutes' | 'reconcile'>): string {
  // Every minute: sends whose process died mid-call, failed as uncertain once their lease has run out.
  const lines = ['*/15 * * * * maintenance:prune ?fill=1h', '* * * * * outbound:sweep', '* * * * * inbound:sweep', '* * * * * events:sweep'];
  // Every 5 minutes (a trial ends within 5 minutes of its time); ?fill catches up after downtime.
  lines.push('*/5 * * * * plans:end-trials ?fill=1h');
  // Every minute: booking reminders that have come due (at most a minute late).
  lines.push('* * * * * bookings:remind ?fill=1h');
  if (config.accountHealthIntervalMinutes > 0) lines.push('*/5 * * * * accounts:health');
  // Every minute a sweep queues the accounts whose last reconciliation is RECONCILE_EVERY_MINUTES old.
  if (config.reconcile.everyMinutes > 0) lines.push('* * * * * accounts:reconcile');
  return lines.join('\n');
}

export interface WorkerHandle {
  runner: Runner;
  stop(): Promise<void>;
}

function graphileLogger(log: Pino): Logger {
  const pinoLevel = { error: 'error', warning: 'warn', info: 'info' } as const;
  return new Logger((scope) => (level, message, meta) => {
    // Graphile logs every job's start and end at debug: skip a disabled level before making a child
    // logger (that was a measurable share of a comment's CPU, tests/perf/results/comment-dm.json).
    if (!log.isLevelEnabled(pinoLevel[level as keyof typeof pinoLevel] ?? 'debug')) return;
    const child = log.child({ component: 'worker', ...scope });
    const payload = meta ?? {};
    if (level === 'error') child.error(payload, message);
    else if (level === 'warning') child.warn(payload, message);
    else if (level === 'info') child.info(payload, message);
    else child.debug(payload, message);
  });
}

/**
 * The `worker` role: Graphile Worker over the shared pool (migrations already applied at boot).
 * Flow webhook calls may hold at most half of the `concurrency` slots (ADR 0009): while those are
 * taken the worker fetches no more of them, so the other half always serves everything else.
 */
export async function startWorker(opts: {
  pool: pg.Pool;
  concurrency: number;
  log: Pino;
  config: WorkerConfig;
  /** Platform hosts, retry policy and token cipher for sends and account checks (bin/boot.ts). */
  platform: PlatformDeps;
  /** Where tracked links point (PUBLIC_URL, else the web server's URL when it runs in this process). */
  linkBaseUrl?: LinkBase;
  /** This process's in-memory wakes of inbound shard jobs, shared with its web ingest (bin/boot.ts, ADR 0032). */
  shardWakes?: ShardWakes;
}): Promise<WorkerHandle> {
  const watchdog = startWatchdog(opts.pool, {
    staleAfterMs: opts.config.workerStaleAfterMs,
    log: { warn: (m) => opts.log.warn(m), error: (o, m) => opts.log.error(o, m) },
  });
  const shutdown = new AbortController();
  const webhooks = { budget: webhookBudget(webhookSlots(opts.concurrency)), shutdown: shutdown.signal };
  // Rows this process claims carry its id (send_owner): whose call is in flight.
  const platform: PlatformDeps = { ...opts.platform, sendOwner: opts.platform.sendOwner ?? `worker-${randomUUID()}` };
  const sends = sendPump(opts.pool, opts.config, platform, { error: (o, m) => opts.log.error(o, m) });
  let workerPool: WorkerPool | undefined;
  watchdog.events.on('pool:create', ({ workerPool: created }) => {
    workerPool = created;
  });
  const runnerOptions: RunnerOptions = {
    // A job queued behind one that just finished is fetched once that one's completion commits
    // (workers/queue-nudge.ts), not at the next unrelated NOTIFY or poll.
    pgPool: nudgeAfterQueueUnlocks(opts.pool, (n) => workerPool?.nudge(n)),
    concurrency: opts.concurrency,
    taskList: taskList({
      pool: opts.pool,
      config: opts.config,
      platform,
      webhooks,
      pump: sends,
      linger: inboundLinger(opts.concurrency),
      ...(opts.linkBaseUrl ? { links: opts.linkBaseUrl } : {}),
      ...(opts.shardWakes ? { wakes: opts.shardWakes } : {}),
    }),
    crontab: crontab(opts.config),
    logger: graphileLogger(opts.log),
    noHandleSignals: true, // bin/replypilot.ts owns signals and shuts down in order
    pollInterval: 2000,
    events: watchdog.events,
    forbiddenFlags: webhooks.budget.forbiddenFlags,
    // Batched (0 ms) so a shutdown waits until finished jobs are marked so: unbatched, that write is
    // fire-and-forget and the process can exit first, leaving a job (and a webhook job's workspace
    // queue) locked until the watchdog's stale sweep.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  };
  let runner = await run(runnerOptions);
  let stopping = false;
  let restarting: Promise<void> = Promise.resolve();
  const stopRestarts = new AbortController();
  /**
   * Graphile stops its pool by itself after an error it cannot recover from (a job's completion not
   * written after 20 tries, a worker loop that exited). The process would stay up, serve the web and
   * run no job: start a new runner (1 s, then doubling up to 30 s) once the dead pool's jobs are
   * unlocked: what it failed to mark done (a job redone is idempotent, as after kill -9; ADR 0026).
   */
  const supervise = (current: Runner, poolId: string | undefined) => {
    void current.promise
      .then(
        () => new Error('the job runner stopped by itself'),
        (err: unknown) => err,
      )
      .then((err) => {
        if (stopping) return;
        restarting = (async () => {
          for (let delayMs = 1_000; !stopping; delayMs = Math.min(delayMs * 2, 30_000)) {
            opts.log.error({ err, pool: poolId }, `job runner stopped unexpectedly; a new one starts in ${delayMs} ms`);
            await sleep(delayMs, undefined, { signal: stopRestarts.signal }).catch(() => undefined);
            if (stopping) return;
            try {
              if (poolId) await forceUnlockWorkers(opts.pool, [poolId]);
              runner = await run(runnerOptions);
              supervise(runner, workerPool?.id);
              opts.log.warn('a new job runner started');
              return;
            } catch (retryErr) {
              err = retryErr;
            }
          }
        })();
      });
  };
  supervise(runner, workerPool?.id);
  await watchdog.tick();
  // Event webhooks claimed by a worker that died are due again when their lease ends: a job for then, not the next minute's sweep.
  await scheduleNextDelivery(opts.pool);
  // After downtime: every account is read back from its cursor (the gap since what we last stored).
  if (opts.config.reconcile.everyMinutes > 0) await enqueueReconciliations(opts.pool, { all: true });
  // It ticks every 250 ms: while PostgreSQL is down, one line per 30 s, not four a second.
  const pumpLog = throttledErrorLog({ error: (o, m) => opts.log.error(o, m), info: (m) => opts.log.info(m) }, 'timer pump failed');
  const pump = startTimerPump(opts.pool, {
    intervalMs: opts.config.flows.timerPumpIntervalMs,
    onError: (err) => pumpLog.error(err),
    onOk: () => pumpLog.ok(),
    // A job runnable with no NOTIFY (paced for later, its queue was locked): an idle worker looks now.
    onJobsWaiting: () => workerPool?.nudge(1),
  });
  return {
    get runner() {
      return runner;
    },
    stop: async () => {
      const log = opts.log;
      stopping = true;
      stopRestarts.abort();
      await timedStep(log, 'timer pump', () => pump.stop());
      await restarting;
      // Stop taking jobs first, then abandon the webhook calls in flight: they go back to their
      // queues for the next worker instead of holding the shutdown for up to WEBHOOK_TIMEOUT_MS.
      // (A runner that stopped by itself and was not replaced is already stopped.)
      const stopped = runner.stop().catch((err: unknown) => log.warn({ err }, 'job runner was already stopped'));
      shutdown.abort(new Error('worker shutting down'));
      await timedStep(log, 'graphile runner', () => stopped);
      // The calls already handed to the pump finish and have their outcomes written.
      await timedStep(log, `send pump drain (${sends.inFlight()} in flight)`, () => sends.drain());
      await timedStep(log, 'watchdog', () => watchdog.stop());
    },
  };
}
