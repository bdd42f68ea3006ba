import type pg from 'pg';
import { cursorTs, keysetAfter, keysetPage, type Cursor } from '../pagination/keyset-cursor';
import { dmLimitOf, paceEtaMs } from './pace';
import { broadcastSegmentSchema, type Broadcast, type BroadcastProgress, type BroadcastRecipientRow, type BroadcastStatus } from '../../contracts/broadcasts';

type Db = Pick<pg.Pool, 'query'>;

interface BroadcastRow {
  id: string;
  name: string;
  text: string;
  link: string | null;
  track_links: boolean;
  segment: unknown;
  status: BroadcastStatus;
  run_at: Date | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The sends of the last this-many seconds give the broadcast's actual pace. */
const RECENT_S = 30;
/** A pace measured over less than this is not used. */
const MIN_WINDOW_S = 10;

/**
 * Counts by recipient state; sent and failed are the outbound ledger's word. The ETA per account:
 * with recipients still pending, when the last of them would go at the account's send rate from its
 * slot clock (db/broadcasts/pace.ts, the figure the confirmation showed before the start); with none
 * pending, the last queued send's slot; either way no sooner than the account's own pace over the
 * last 30 s allows (sends can fall behind their slots when the worker is slower than the platform).
 * With it, the platform rate of the account that finishes last, whether that account is behind it,
 * the sends per second of the last 30 s, and how many accounts have something left.
 */
export async function readProgress(db: Db, broadcastId: string): Promise<BroadcastProgress> {
  const { rows } = await db.query<{
    state: string;
    platform: string;
    account_id: string;
    n: number;
    wait_ms: number | null;
    backlog_ms: number;
    recent: number;
    window_s: number;
  }>(
    `select case when r.status = 'queued' then coalesce(case l.status when 'sending' then 'queued' else l.status end, 'queued') else r.status end as state,
            a.platform, r.account_id, count(*)::int as n,
            count(*) filter (where l.sent_at > now() - interval '${RECENT_S} seconds')::int as recent,
            (select least(${RECENT_S}, greatest(0, extract(epoch from now() - b.started_at))) from broadcasts b where b.id = $1)::float8 as window_s,
            greatest(0, extract(epoch from max(l.scheduled_for) - now()) * 1000)::float8 as wait_ms,
            coalesce((select greatest(0, extract(epoch from s.tat - now()) * 1000) from send_rate_limits s where s.account_id = r.account_id and s.kind = 'dm'), 0)::float8 as backlog_ms
     from broadcast_recipients r
     join social_accounts a on a.id = r.account_id
     left join outbound_ledger l on l.id = r.ledger_id
     where r.broadcast_id = $1
     group by 1, 2, 3`,
    [broadcastId],
  );
  const p: BroadcastProgress = {
    total: 0,
    pending: 0,
    queued: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
    cancelled: 0,
    etaSeconds: null,
    ratePerSecond: null,
    behindPlatformRate: false,
    sentPerSecondRecently: null,
    accountsSending: 0,
  };
  const perAccount = new Map<
    string,
    { platform: string; pending: number; queued: number; waitMs: number; backlogMs: number; recent: number; windowS: number }
  >();
  for (const r of rows) {
    p.total += r.n;
    const key = r.state as 'pending' | 'queued' | 'sent' | 'failed' | 'skipped' | 'cancelled';
    if (key in p) p[key] += r.n;
    const a = perAccount.get(r.account_id) ?? {
      platform: r.platform,
      pending: 0,
      queued: 0,
      waitMs: 0,
      backlogMs: r.backlog_ms,
      recent: 0,
      windowS: r.window_s ?? 0,
    };
    a.recent += r.recent;
    if (r.state === 'pending') a.pending += r.n;
    else if (r.state === 'queued') {
      a.queued += r.n;
      a.waitMs = Math.max(a.waitMs, r.wait_ms ?? 0);
    }
    perAccount.set(r.account_id, a);
  }
  const left = [...perAccount.values()].filter((a) => a.pending + a.queued > 0);
  if (left.length > 0) {
    const etas = left.map((a) => {
      const bySlots = a.pending > 0 ? paceEtaMs(a.pending, dmLimitOf(a.platform), a.backlogMs) : a.waitMs;
      // Sends behind their slots (the worker slower than the platform allows): the slots say "now", the
      // pace of the last RECENT_S seconds says how long the rest really takes.
      const observed = a.windowS >= MIN_WINDOW_S && a.recent > 0 ? ((a.pending + a.queued) / (a.recent / a.windowS)) * 1000 : 0;
      return { ms: Math.max(bySlots, observed), behind: observed > bySlots, perSecond: dmLimitOf(a.platform).perHour / 3600 };
    });
    const last = etas.reduce((x, y) => (y.ms > x.ms ? y : x));
    p.etaSeconds = Math.ceil(last.ms / 1000);
    // The rate of the account that finishes last: the one the ETA is computed at (the page names it).
    p.ratePerSecond = Math.round(last.perSecond * 1000) / 1000;
    p.behindPlatformRate = last.behind;
    p.accountsSending = left.length;
  }
  const windowS = Math.max(0, ...[...perAccount.values()].map((a) => a.windowS));
  if (windowS >= MIN_WINDOW_S) p.sentPerSecondRecently = Math.round(([...perAccount.values()].reduce((n, a) => n + a.recent, 0) / windowS) * 10) / 10;
  return p;
}

const COLUMNS = 'id, name, text, link, track_links, segment, status, run_at, started_at, finished_at, created_at';

async function toBroadcast(db: Db, row: BroadcastRow): Promise<Broadcast> {
  return {
    id: row.id,
    name: row.name,
    text: row.text,
    link: row.link,
    trackLinks: row.track_links,
    segment: broadcastSegmentSchema.parse(row.segment),
    status: row.status,
    runAt: iso(row.run_at),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    createdAt: row.created_at.toISOString(),
    progress: await readProgress(db, row.id),
  };
}

export async function getBroadcast(db: Db, workspaceId: string, id: string): Promise<Broadcast | null> {
  const { rows } = await db.query<BroadcastRow>(`select ${COLUMNS} from broadcasts where workspace_id = $1 and id = $2`, [workspaceId, id]);
  return rows[0] ? toBroadcast(db, rows[0]) : null;
}

/** The workspace's 50 newest broadcasts (the app's Broadcasts page). */
export async function listBroadcasts(db: Db, workspaceId: string): Promise<Broadcast[]> {
  return (await listBroadcastPage(db, workspaceId, { limit: 50 })).data;
}

/** A page of broadcasts, newest first by keyset (created_at, id) on broadcasts_workspace_recent_key. */
export async function listBroadcastPage(
  db: Db,
  workspaceId: string,
  q: { limit: number; cursor?: Cursor | undefined },
): Promise<{ data: Broadcast[]; nextCursor: string | null }> {
  const params: unknown[] = [workspaceId];
  const after = keysetAfter(q.cursor, params, 'created_at', 'id');
  params.push(q.limit + 1);
  const { rows } = await db.query<BroadcastRow & { cursor_ts: string }>(
    `select ${COLUMNS}, ${cursorTs('created_at')} as cursor_ts from broadcasts
     where workspace_id = $1 and ${after} order by created_at desc, id desc limit $${params.length}`,
    params,
  );
  const { rows: page, nextCursor } = keysetPage(rows, q.limit);
  return { data: await Promise.all(page.map((r) => toBroadcast(db, r))), nextCursor };
}

/** The report: recipients that did not get the message (failed, skipped, cancelled), or all, 500 at most. */
export async function listRecipients(db: Db, workspaceId: string, broadcastId: string, onlyProblems: boolean): Promise<BroadcastRecipientRow[]> {
  const { rows } = await db.query<BroadcastRecipientRow>(
    `select * from (
       select r.contact_id as "contactId", coalesce(nullif(c.name, ''), c.username, c.external_user_id) as name, a.platform,
              case when r.status = 'queued' then case l.status when 'sent' then 'sent' when 'failed' then 'failed' else 'queued' end else r.status end as status,
              coalesce(r.skip_reason, l.error) as reason, r.created_at
       from broadcast_recipients r
       join contacts c on c.id = r.contact_id
       join social_accounts a on a.id = r.account_id
       left join outbound_ledger l on l.id = r.ledger_id
       where r.workspace_id = $1 and r.broadcast_id = $2) x
     where not $3 or x.status in ('failed', 'skipped', 'cancelled')
     order by x.status, x.name limit 500`,
    [workspaceId, broadcastId, onlyProblems],
  );
  return rows;
}
