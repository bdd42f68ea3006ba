import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler, Response } from 'express';
import type pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import type { InboxEvent } from '../../contracts/inbox';
import { wsClientMessageSchema, type WsServerMessage } from '../../contracts/ws';
import type { SessionsEnded } from '../../db/sessions/sessions-ended';
import type { MembershipChange } from '../../db/team/membership-channel';
import { AnonymousUpgradeLimit, upgradeClientKey } from './anonymous-upgrades';
import { changedMemberSockets, endedSockets } from './session-recheck';
import { SocketRegistry } from './socket-registry';
import { socketTyping } from './typing';
import type { TypingNotification } from '../../db/inbox/typing-notice';
import { touchPresence } from '../../db/team/presence';
import { PRESENCE_TOUCH_SECONDS } from '../../contracts/auto-assign';

/** Close code for "your session ended" (logout, password change…); 4000–4999 are the application's. */
export const SESSION_ENDED_CLOSE_CODE = 4001;
/** Close code for "your membership of this workspace changed" (role changed, removed): the browser refetches who it is and reconnects. */
export const MEMBERSHIP_CHANGED_CLOSE_CODE = 4002;
/** Close code for a socket opened without a session. */
export const SIGN_IN_FIRST_CLOSE_CODE = 4003;
const RECHECK_EVERY_MS = 30_000;

export interface WsDeps {
  /** The session + passport middlewares, run on the upgrade request to learn who is connecting. */
  sessionMiddlewares: RequestHandler[];
  publicUrl: string | undefined;
  log: { warn: (obj: object, msg: string) => void };
  /** Sessions live in PostgreSQL: the periodic re-check reads them (a backstop to the NOTIFY). */
  pool: pg.Pool;
  recheckEveryMs?: number;
  /** How often the members behind this process's sockets are marked online (round-robin, contracts/auto-assign.ts). */
  presenceEveryMs?: number;
  /** Proxy hops to trust for the client address (TRUST_PROXY), as Express does. */
  trustProxy: number;
}

export interface WsHub {
  close(): Promise<void>;
  /** Sockets by workspace. */
  clientsOf(workspaceId: string): Set<WebSocket>;
  /** Pushes a workspace event to that workspace's open browsers. */
  publish(workspaceId: string, event: InboxEvent): void;
  /** Tells the workspace's other members' sockets that someone is typing (never the typist's own). */
  publishTyping(notice: TypingNotification): void;
  /** Closes the sockets of ended sessions (NOTIFY from any web process). */
  endSessions(ended: SessionsEnded): void;
  /** Closes a member's sockets in a workspace whose membership changed (NOTIFY from any process). */
  endMembership(change: MembershipChange): void;
  /** Closes every socket whose session no longer exists or belongs to someone else, or whose membership changed. */
  recheckSessions(): Promise<void>;
  /** Tells every signed-in socket to refetch: events sent while LISTEN was down are lost. */
  resyncAll(): void;
}

function send(ws: WebSocket, msg: WsServerMessage) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
}

async function runMiddlewares(req: IncomingMessage, mws: RequestHandler[]): Promise<void> {
  // Express middlewares need a response object; nothing is written to it on the upgrade path.
  const res = { getHeader: () => undefined, setHeader: () => undefined, end: () => undefined } as unknown as Response;
  for (const mw of mws) {
    await new Promise<void>((resolve, reject) => mw(req as Parameters<RequestHandler>[0], res, (err?: unknown) => (err ? reject(err as Error) : resolve())));
  }
}

/** /ws: answers ping with pong, carries typing notices; knows the signed-in user so features can push to a workspace. */
export function attachWebSocket(server: Server, deps: WsDeps): WsHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const registry = new SocketRegistry();
  const anonymous = new AnonymousUpgradeLimit();
  // Removed from the registry first: not one more event reaches it while the close handshake runs.
  const closeEnded = (ws: WebSocket) => {
    registry.remove(ws);
    ws.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
  };
  const closeChanged = (ws: WebSocket) => {
    registry.remove(ws);
    ws.close(MEMBERSHIP_CHANGED_CLOSE_CODE, 'Membership changed');
  };
  const recheckSessions = async () => {
    try {
      for (const ws of await endedSockets(deps.pool, registry.entries())) closeEnded(ws);
      for (const ws of await changedMemberSockets(deps.pool, registry.entries())) closeChanged(ws);
    } catch (err) {
      deps.log.warn({ err }, 'ws session re-check failed');
    }
  };
  const recheckTimer = setInterval(() => void recheckSessions(), deps.recheckEveryMs ?? RECHECK_EVERY_MS);
  recheckTimer.unref();
  // Presence (ADR 0050): a member with an open socket here is online; one statement per tick for all of them.
  const touch = (members: { workspaceId: string; userId: string }[]) =>
    touchPresence(deps.pool, members).catch((err: unknown) => deps.log.warn({ err }, 'could not touch member presence'));
  const presenceTimer = setInterval(
    () => {
      const members = new Map(registry.entries().map(([, o]) => [`${o.workspaceId}:${o.userId}`, { workspaceId: o.workspaceId, userId: o.userId }]));
      void touch([...members.values()]);
    },
    deps.presenceEveryMs ?? PRESENCE_TOUCH_SECONDS * 1000,
  );
  presenceTimer.unref();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') return; // e.g. Vite's HMR socket in dev
    // Cross-site WebSocket hijacking: a browser always sends Origin on upgrades.
    const origin = req.headers.origin;
    const host = req.headers.host;
    const allowed = [`http://${host}`, `https://${host}`, deps.publicUrl ? new URL(deps.publicUrl).origin : ''];
    if (origin && !allowed.includes(origin)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    runMiddlewares(req, deps.sessionMiddlewares)
      .catch((err: unknown) => deps.log.warn({ err }, 'ws session lookup failed'))
      .finally(() => {
        const signedIn = Boolean((req as { user?: unknown }).user);
        // Signed-out upgrades are limited per address: each only hears "hello" before it is closed.
        const wait = signedIn ? null : anonymous.take(upgradeClientKey(req, deps.trustProxy));
        if (wait !== null) {
          socket.end(`HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${wait}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      });
  };
  server.on('upgrade', onUpgrade);

  wss.on('connection', (ws: WebSocket, req: IncomingMessage & { user?: Express.User; sessionID?: string }) => {
    const user = req.user;
    send(ws, { type: 'hello', authenticated: Boolean(user && req.sessionID) });
    // A signed-out socket would only ever hear "hello": close it, so anonymous clients cannot
    // hold sockets open by the hundred. The browser retries once signed in.
    if (!(user && req.sessionID)) {
      ws.close(SIGN_IN_FIRST_CLOSE_CODE, 'Sign in first');
      return;
    }
    const owner = { workspaceId: user.workspaceId, userId: user.id, sid: req.sessionID, role: user.role };
    registry.add(ws, owner);
    ws.on('close', () => registry.remove(ws));
    void touch([owner]);
    const typist = { ...owner, name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email };
    const typing = socketTyping(deps.pool, deps.log, send);
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      if (text.trim() === 'ping') return send(ws, { type: 'pong', at: new Date().toISOString() });
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return send(ws, { type: 'error', error: 'Messages must be "ping" or JSON like {"type":"ping"}' });
      }
      const msg = wsClientMessageSchema.safeParse(json);
      if (!msg.success) {
        const issue = msg.error.issues[0];
        if (!issue || issue.code === 'invalid_union') return send(ws, { type: 'error', error: 'Unknown message type' });
        return send(ws, { type: 'error', error: issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message });
      }
      if (msg.data.type === 'typing') {
        // Closed by a membership change meanwhile: not one more notice from it.
        if (registry.has(ws)) void typing(ws, typist, msg.data);
        return;
      }
      send(ws, { type: 'pong', at: new Date().toISOString() });
    });
  });

  return {
    clientsOf: (id) => registry.inWorkspace(id),
    publish: (workspaceId, event) => {
      for (const ws of registry.inWorkspace(workspaceId)) send(ws, { type: 'event', event });
    },
    publishTyping: ({ workspaceId, ...notice }) => {
      for (const ws of registry.othersInWorkspace(workspaceId, notice.userId)) send(ws, { type: 'typing', ...notice });
    },
    endSessions: (ended) => {
      for (const ws of registry.matching(ended)) closeEnded(ws);
    },
    endMembership: (change) => {
      for (const ws of registry.ofMember(change)) closeChanged(ws);
    },
    recheckSessions,
    resyncAll: () => {
      for (const [ws] of registry.entries()) send(ws, { type: 'resync' });
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(recheckTimer);
        clearInterval(presenceTimer);
        server.off('upgrade', onUpgrade);
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}
