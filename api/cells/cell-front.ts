import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import express from 'express';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../config/config';
import { metaWebhookVerifyToken } from '../../config/secrets';
import { accountKey } from '../../db/cells/directory';
import type { IncomingEvent } from '../../db/inbound/ingest-events';
import { metaWebhookRoutes } from '../features/webhooks/meta-webhook.routes';
import { webhookBatcher } from '../features/webhooks/webhook-batcher';
import { SESSION_COOKIE } from '../http/app';
import { errorHandler } from '../http/errors';
import type { DirectoryCache } from './directory-cache';

/** One cell as the front sees it: its database (webhooks are committed there) and its web stack. */
export interface Cell {
  name: string;
  pool: pg.Pool;
  /** The base URL of the cell's web stack (today's app over the cell's pool), on loopback. */
  url: string;
}

export interface CellFrontDeps {
  /** The first cell also takes what the directory does not place (unknown accounts), as one cell does today. */
  cells: readonly Cell[];
  directory: DirectoryCache;
  config: Config;
  sessionSecret: string;
  log: Logger;
}

/**
 * The front of a web process that serves several cells (docs/scaling.md §3, ADR 0051).
 *
 * Meta webhooks: the signature is checked once, here, over the raw bytes (the same route as one
 * cell uses); the events are split by their account through the directory cache, never waiting on
 * the directory database, and each cell's part is committed in that cell's database with its own
 * batcher (group commit, shard jobs added for that cell's workers). The 200 goes only after every
 * part is committed; if one cell fails the answer is 500 and Meta redelivers the whole body, whose
 * parts already committed are no-ops there (every event has a key).
 *
 * Everything else is forwarded to the cell of the session (its `rp.sid` cookie, verified, mapped by
 * the directory); a request without a known session goes to the cell with the fewest workspaces,
 * and a session that cell's answer sets is recorded in the directory, with the workspace a sign-up
 * creates. Sessions themselves stay in the cell that made them (ADR 0051: on paper in the directory).
 */
export function createCellFront(deps: CellFrontDeps): express.Express {
  const { cells, directory, log } = deps;
  const byName = new Map(cells.map((c) => [c.name, c]));
  const home = cells[0]!;
  const batchers = new Map(cells.map((c) => [c.name, webhookBatcher(c.pool, log)]));

  const cellOfEvent = (e: IncomingEvent): string => {
    const cell = e.metaAccount ? directory.cached('account', accountKey('meta', e.metaAccount.externalId)) : undefined;
    return cell && byName.has(cell) ? cell : home.name;
  };
  const ingest = async (events: IncomingEvent[]) => {
    const parts = new Map<string, IncomingEvent[]>();
    for (const e of events) {
      const cell = cellOfEvent(e);
      const part = parts.get(cell);
      if (part) part.push(e);
      else parts.set(cell, [e]);
    }
    await Promise.all([...parts].map(([cell, part]) => batchers.get(cell)!.ingest(part)));
  };

  const app = express();
  app.disable('x-powered-by');
  // As the single-cell app: the webhook route's per-address budgets see the client behind TRUST_PROXY hops.
  app.set('trust proxy', deps.config.trustProxy);
  app.use(metaWebhookRoutes({ pool: home.pool, config: deps.config, verifyToken: metaWebhookVerifyToken(deps.config, deps), log, ingest }));
  app.use((req, res, next) => {
    cellOfRequest(req)
      .then((cell) => forward(req, res, cell))
      .catch(next);
  });
  // The webhook route's 400/403/413 and a cell that cannot be reached (500: Meta retries; a browser sees an error).
  app.use(errorHandler(log));

  async function cellOfRequest(req: express.Request): Promise<Cell> {
    const sid = sessionId(req.headers.cookie, deps.sessionSecret);
    const known = sid ? await directory.resolve('session', sid) : undefined;
    if (known && byName.has(known)) return byName.get(known)!;
    const counts = directory.workspaceCounts(cells.map((c) => c.name));
    return cells.reduce((least, c) => (counts.get(c.name)! < counts.get(least.name)! ? c : least), home);
  }

  async function forward(req: express.Request, res: express.Response, cell: Cell): Promise<void> {
    const target = new URL(req.originalUrl, cell.url);
    const upstream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      // The cell trusts one hop more than the front (bin/cells.ts) and reads the client's address here.
      const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
      const headers = { ...req.headers, 'x-forwarded-for': forwarded };
      const out = http.request(target, { method: req.method, headers }, resolve);
      out.on('error', reject);
      req.pipe(out);
    });
    const sid = sessionId((upstream.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '), deps.sessionSecret);
    // Only a new or moved session is written (a session cookie may be set again on later answers).
    if (sid && directory.cached('session', sid) !== cell.name) await directory.place({ kind: 'session', key: sid, cell: cell.name });
    if (req.method === 'POST' && req.path === '/api/auth/register' && upstream.statusCode === 201) {
      // A sign-up made a workspace in this cell: buffered (small) to read its id before answering.
      const body = Buffer.concat(await upstream.toArray());
      const workspaceId = (JSON.parse(body.toString('utf8')) as { user?: { workspaceId?: string } }).user?.workspaceId;
      if (workspaceId) await directory.place({ kind: 'workspace', key: workspaceId, cell: cell.name });
      res.writeHead(upstream.statusCode, upstream.headers).end(body);
      return;
    }
    res.writeHead(upstream.statusCode ?? 502, upstream.headers);
    upstream.pipe(res);
  }

  return app;
}

/** The session id of a signed `rp.sid` cookie (express-session's `s:<id>.<HMAC-SHA256, base64>`), if the signature holds. */
export function sessionId(cookieHeader: string | undefined, secret: string): string | null {
  const raw = cookieHeader
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!value.startsWith('s:')) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 2) return null;
  const id = value.slice(2, dot);
  const expected = Buffer.from(createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, ''));
  const got = Buffer.from(value.slice(dot + 1));
  return got.length === expected.length && timingSafeEqual(got, expected) ? id : null;
}
