import type pg from 'pg';

/**
 * Where a read that tolerates a little lag goes (ADR 0039): a streaming standby (DATABASE_READ_URL)
 * when it has replayed past what the reader must see, else the primary.
 *
 * What a reader must see is a WAL position (LSN): the primary's WAL insert position taken after the
 * reader's own last writing request (the web layer keeps it in a cookie, api/http/read-your-writes.ts),
 * and, for a workspace whose live events just fired, the position taken when the event arrived (a
 * browser refetches on an event and must find what it announced). The standby's replayed position is
 * asked at most every REPLAY_FRESH_MS and shared by every request of the process.
 *
 * Reads inside a transaction never come here: withTransaction takes the primary pool, and a standby
 * refuses writes anyway. A standby that cannot be reached, is not streaming, or is not a standby at
 * all (a promoted one is no longer a copy) gets no reads until a later check finds it streaming.
 */

/** How old the standby's replayed position may be before a read that needs a newer one asks again. */
const REPLAY_FRESH_MS = 25;
/** An unconstrained read checks in the background once the last check is this old. */
const RECHECK_MS = 1000;
/** After a failed check, reads stay on the primary this long. */
const DOWN_MS = 5000;

export function lsnValue(lsn: string): bigint {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  if (!m) throw new Error(`not an LSN: ${lsn}`);
  return (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`);
}
export const isLsn = (s: string | undefined | null): s is string => Boolean(s && /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i.test(s));

export interface ReadReplicaHealth {
  connected: boolean;
  /** The standby's WAL receiver is streaming from the primary. */
  streaming: boolean;
  replayLsn: string | null;
  /** Bytes of WAL the primary has written that the standby has not replayed. */
  lagBytes: number | null;
  /**
   * With WAL waiting to be replayed: seconds since the last transaction the standby replayed was
   * committed on the primary (after a long idle spell, that overstates the lag); else 0.
   */
  lagSeconds: number | null;
  /** Reads this process sent to the standby and to the primary since it started. */
  reads: { replica: number; primary: number };
  error?: string;
}

interface Replay {
  lsn: bigint;
  at: number;
  usable: boolean;
}

export class ReadRouter {
  private replay: Replay | null = null;
  private checking: Promise<Replay | null> | null = null;
  private downUntil = 0;
  private warned = false;
  /** Workspaces whose live events arrived: the primary's position then (null: being asked). */
  private readonly workspaces = new Map<string, bigint | null>();
  private sampling: Promise<void> | null = null;
  private readonly waiting = new Set<string>();
  readonly counts = { replica: 0, primary: 0 };

  constructor(
    readonly primary: pg.Pool,
    readonly replica: pg.Pool | null,
    private readonly log: { warn: (obj: object, msg: string) => void } = { warn: () => {} },
    private readonly now: () => number = () => performance.now(),
  ) {}

  get configured(): boolean {
    return this.replica !== null;
  }

  /**
   * The pool for a read that tolerates a little lag, for a reader who must see WAL position `lsn`
   * (their last write; undefined: none) and, if given, the workspace's announced events.
   */
  async pool(need: { lsn?: string | undefined; workspaceId?: string | undefined } = {}): Promise<pg.Pool> {
    const replica = this.replica;
    if (!replica || this.now() < this.downUntil) return this.toPrimary();
    let needed = isLsn(need.lsn) ? lsnValue(need.lsn) : 0n;
    if (need.workspaceId && this.workspaces.has(need.workspaceId)) {
      const at = this.workspaces.get(need.workspaceId);
      if (at === null || at === undefined) return this.toPrimary(); // its position is being asked
      if (at > needed) needed = at;
    }
    let replay = this.replay;
    const age = replay ? this.now() - replay.at : Infinity;
    if (!replay || (needed > replay.lsn && age > REPLAY_FRESH_MS)) replay = await this.check();
    else if (age > RECHECK_MS) void this.check();
    if (!replay?.usable || needed > replay.lsn) return this.toPrimary();
    this.counts.replica++;
    return replica;
  }

  /** The primary's WAL insert position now: after a commit, what the committer's later reads must see. */
  async writePosition(): Promise<string> {
    const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    return rows[0]!.lsn;
  }

  /**
   * A workspace's live event arrived (its commit is done): until the primary's position after it is
   * known and the standby has replayed it, the workspace's lag-tolerant reads go to the primary.
   * One position query serves every event that arrives while it runs.
   */
  noteWorkspaceWrite(workspaceId: string): void {
    if (!this.replica) return;
    this.workspaces.set(workspaceId, null);
    this.waiting.add(workspaceId);
    this.sampling ??= this.sample();
  }

  private async sample(): Promise<void> {
    try {
      while (this.waiting.size > 0) {
        const batch = [...this.waiting];
        this.waiting.clear();
        const at = lsnValue(await this.writePosition());
        for (const w of batch) if (this.workspaces.get(w) === null) this.workspaces.set(w, at);
      }
    } catch (err) {
      // Unknown position: those workspaces read from the primary until their next event (bounded below).
      this.log.warn({ err }, 'could not read the primary WAL position');
    } finally {
      this.sampling = null;
    }
    this.forgetReplayed();
  }

  /** Drops workspaces the standby has caught up with, and keeps the map bounded. */
  private forgetReplayed(): void {
    const replayed = this.replay?.lsn ?? 0n;
    for (const [w, at] of this.workspaces) if (at !== null && at <= replayed) this.workspaces.delete(w);
    if (this.workspaces.size > 10_000) this.workspaces.clear();
  }

  private toPrimary(): pg.Pool {
    this.counts.primary++;
    return this.primary;
  }

  /** Asks the standby how far it has replayed (one question in flight for the whole process). */
  private check(): Promise<Replay | null> {
    this.checking ??= (async () => {
      try {
        const { rows } = await this.replica!.query<{ replay: string | null; streaming: boolean; standby: boolean }>(
          `select pg_last_wal_replay_lsn()::text as replay, pg_is_in_recovery() as standby,
                  coalesce((select status = 'streaming' from pg_stat_wal_receiver), false) as streaming`,
        );
        const r = rows[0]!;
        const usable = r.standby && r.streaming && isLsn(r.replay);
        if (!usable && !this.warned) {
          this.warned = true;
          this.log.warn({ standby: r.standby, streaming: r.streaming }, 'DATABASE_READ_URL is not a streaming standby: reads stay on the primary');
        }
        if (usable) this.warned = false;
        this.replay = { lsn: isLsn(r.replay) ? lsnValue(r.replay) : 0n, at: this.now(), usable };
        this.forgetReplayed();
        return this.replay;
      } catch (err) {
        this.log.warn({ err }, 'read replica unreachable: reads go to the primary');
        this.downUntil = this.now() + DOWN_MS;
        this.replay = null;
        return null;
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  /** For the health endpoint: whether the standby answers, and how far behind the primary it is. */
  async health(): Promise<ReadReplicaHealth> {
    const reads = { ...this.counts };
    if (!this.replica) throw new Error('no read replica configured');
    try {
      const { rows } = await this.replica.query<{ replay: string | null; streaming: boolean; delay: number | null }>(
        `select pg_last_wal_replay_lsn()::text as replay,
                coalesce((select status = 'streaming' from pg_stat_wal_receiver), false) as streaming,
                extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as delay`,
      );
      const r = rows[0]!;
      // From the primary's insert position: WAL of asynchronous commits not yet flushed is lag too.
      const lag = isLsn(r.replay)
        ? Math.max(
            0,
            Number(
              (await this.primary.query<{ b: string }>('select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::text as b', [r.replay])).rows[0]!.b,
            ),
          )
        : null;
      return {
        connected: true,
        streaming: r.streaming,
        replayLsn: r.replay,
        lagBytes: lag,
        // Nothing to replay: no lag, however long ago the last commit was.
        lagSeconds: lag === null || r.delay === null ? null : lag === 0 ? 0 : Math.round(r.delay * 1000) / 1000,
        reads,
      };
    } catch (err) {
      return {
        connected: false,
        streaming: false,
        replayLsn: null,
        lagBytes: null,
        lagSeconds: null,
        reads,
        error: err instanceof Error ? err.message : String(err),
      };
    }
  }
}
