import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler, Response } from 'express';
import { WebSocketServer, type WebSocket } from 'ws';
import type { InboxEvent } from '../../contracts/inbox';
import { wsClientMessageSchema, type WsServerMessage } from '../../contracts/ws';

export interface WsDeps {
  /** The session + passport middlewares, run on the upgrade request to learn who is connecting. */
  sessionMiddlewares: RequestHandler[];
  publicUrl: string | undefined;
  log: { warn: (obj: object, msg: string) => void };
}

export interface WsHub {
  close(): Promise<void>;
  /** Sockets by workspace. */
  clientsOf(workspaceId: string): Set<WebSocket>;
  /** Pushes a workspace event to that workspace's open browsers. */
  publish(workspaceId: string, event: InboxEvent): void;
}

function send(ws: WebSocket, msg: WsServerMessage) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
}

async function runMiddlewares(req: IncomingMessage, mws: RequestHandler[]): Promise<void> {
  // Express middlewares need a response object; nothing is written to it on the upgrade path.
  const res = { getHeader: () => undefined, setHeader: () => undefined, end: () => undefined } as unknown as Response;
  for (const mw of mws) {
    await new Promise<void>((resolve, reject) =>
      mw(req as Parameters<RequestHandler>[0], res, (err?: unknown) => (err ? reject(err as Error) : resolve())),
    );
  }
}

/** /ws: answers ping with pong; knows the signed-in user so later features can push to a workspace. */
export function attachWebSocket(server: Server, deps: WsDeps): WsHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const byWorkspace = new Map<string, Set<WebSocket>>();

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
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      });
  };
  server.on('upgrade', onUpgrade);

  wss.on('connection', (ws: WebSocket, req: IncomingMessage & { user?: Express.User }) => {
    const workspaceId = req.user?.workspaceId;
    if (workspaceId) {
      const set = byWorkspace.get(workspaceId) ?? new Set();
      set.add(ws);
      byWorkspace.set(workspaceId, set);
      ws.on('close', () => {
        set.delete(ws);
        if (set.size === 0) byWorkspace.delete(workspaceId);
      });
    }
    send(ws, { type: 'hello', authenticated: Boolean(workspaceId) });
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
      if (!msg.success) return send(ws, { type: 'error', error: 'Unknown message type' });
      send(ws, { type: 'pong', at: new Date().toISOString() });
    });
  });

  return {
    clientsOf: (id) => byWorkspace.get(id) ?? new Set(),
    publish: (workspaceId, event) => {
      for (const ws of byWorkspace.get(workspaceId) ?? []) send(ws, { type: 'event', event });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.off('upgrade', onUpgrade);
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}
