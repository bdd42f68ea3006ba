/**
 * The throughput knobs of the inbound → reply corridor and the flow runtime, in one place (Graphile
 * Worker's preset shape: one object, documented together). Each value says why it is what it is and
 * which ADR measured it. They are constants, not settings: none is an environment variable (the
 * operator-facing ones live in config/config.ts), and a test that needs another value passes it to
 * the function it drives. `config/tuning.test.ts` checks that every entry cites its ADR and that the
 * object is frozen.
 */
export const tuning = deepFreeze({
  inbound: {
    /**
     * Shards of inbound events, so at most this many batch jobs run at once across the fleet; an
     * event's shard is a hash of its account, so one account's events go in order (ADR 0020). Two,
     * not eight (ADR 0033): on two cores, eight made batches of ~3 events that contended; two make
     * larger batches for less CPU per comment. Only decides where ingest puts new events.
     */
    shards: 2,
    /** Events claimed per batch transaction (ADR 0020): one set-based pass per hundred events. */
    batchSize: 100,
    /** Full batches one job takes before it hands its shard to a new job, so a busy shard holds no worker slot forever (ADR 0020). */
    batchesPerJob: 5,
    /** An event that failed this many times (not malformed: a bug) is left with its error, no longer claimed (ADR 0020); /metrics counts it apart (ADR 0036). */
    maxEventAttempts: 25,
    /** How long an unprocessed event waits before `inbound:sweep` wakes its shard's job again (ADR 0020). */
    strandedAfterMs: 30_000,
    /**
     * How a shard job waits for wakes signalled in its own process (ADR 0032): at most one job per
     * `slotDivisor` worker slots waits (a waiting job holds a slot), `waitMs` after a short batch, and
     * a job keeps its shard at most `budgetMs` while signalled, then hands it on.
     */
    linger: { slotDivisor: 3, waitMs: 100, budgetMs: 2_000 },
  },
  ingest: {
    /**
     * Group commit of webhook deliveries (ADR 0029): at most this many ingest transactions at once;
     * deliveries arriving meanwhile share the next one.
     */
    maxInFlight: 2,
    /** Events one group-commit transaction takes at most (ADR 0029). */
    maxEvents: 1_000,
  },
  sends: {
    /**
     * When the job of replies handed straight to the send pump runs (ADR 0025): only a backstop for a
     * process that died between the commit and the hand-off.
     */
    handOffBackstopMs: 5_000,
    /** Deliveries of one workspace marked sent in one statement at most (ADR 0021: group commit on the usage row). */
    pumpFlushMax: 200,
    /** Rows one batch claim statement takes at most (ADR 0022); never more than the pump's free places. */
    pumpClaimChunk: 100,
    /**
     * The burst a claim's pace (ADR 0056) leaves out: a bucket's calls in this many milliseconds, the
     * most a claim statement may hold one chunk's calls back against the next one's.
     */
    callPaceSlackMs: 50,
    /** `sending` rows past their lease failed as uncertain per sweep statement (ADR 0021). */
    expiredSweepBatch: 500,
    /**
     * When an uncertain send's check with the platform runs (F23, ADR 0006): at once for a row whose lease ran
     * out (its call ended at least a lease ago); this long after a call that timed out, which the
     * platform may still have been processing when we gave up on it.
     */
    verifyAfterTimeoutMs: 120_000,
    /** A check whose read slot is further off than this re-adds its job for that time (ADR 0014's pacing). */
    verifyMaxWaitMs: 5_000,
    /** X DM lookups: 15 per 15 minutes per user (docs/platform-apis.md §4.3); the checks' own bucket (ADR 0006). */
    xDmReadsPerHour: 60,
    /** Messages read back per check: Meta details only the 20 most recent of a conversation (§2.9; ADR 0006). */
    verifyPageSize: 20,
  },
  flows: {
    /**
     * New runs per inbound batch whose first steps are taken in the batch's transaction; the rest
     * get a `run.advance` job (ADR 0024, bounded per ADR 0013). The bulk statements cost the same for
     * 1 or 100 runs; what grows per run is the interpreter and per-run writes.
     */
    inlineFirstStepsPerBatch: 100,
    /** Per-run statements (tags, fields) a batch's inline first steps may add before the rest go to jobs (ADR 0024). */
    inlinePerRunWrites: 20,
    /** Turns of a run one `run.advance` job takes before it yields its worker slot to other runs (ADR 0007, 0013). */
    maxTurnsPerJob: 50,
    /** Calls one `run.webhook` job makes from its lane after its own (ADR 0009, "a job drains its lane"). */
    laneDrainCalls: 25,
    /** Due timers moved per pump statement; a full batch pumps again at once (ADR 0007: 10,000 timers due in one second resume within 5 s). */
    timerBatch: 5_000,
    /** Pump statements run at once while batches come back full (ADR 0055: a burst is queued before its runs take the CPU). */
    timerCatchUpStatements: 4,
    /** Runs resumed per `runs.resume` job: one transaction each (ADR 0007). */
    timerChunk: 250,
    /** A Graphile job due this long with no worker on it makes the timer pump nudge an idle worker (ADR 0022, 0031). */
    jobsWaitingAfterMs: 200,
  },
});

export type Tuning = typeof tuning;

type DeepReadonly<T> = { readonly [K in keyof T]: T[K] extends object ? DeepReadonly<T[K]> : T[K] };

function deepFreeze<T extends object>(o: T): DeepReadonly<T> {
  for (const v of Object.values(o)) if (typeof v === 'object' && v !== null) deepFreeze(v as object);
  return Object.freeze(o) as DeepReadonly<T>;
}
