import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachWebSocket } from '../ws/ws-server';
import { listenLiveChannels } from '../ws/live-channels';
import type { SessionCache } from '../auth/session-cache';
import { createApp, type AppDeps } from './app';

export interface WebServer {
  url: string;
  server: Server;
  /** This process's session cache (ADR 0016); tests read its stats. */
  sessionCache: SessionCache;
  close(): Promise<void>;
}

/** The `web` role: HTTP API + /ws + UI on one port. */
export async function startWebServer(deps: AppDeps & { port: number; host: string }): Promise<WebServer> {
  const built = await createApp(deps);
  const server = createServer(built.app);
  const hub = attachWebSocket(server, {
    sessionMiddlewares: built.sessionMiddlewares,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    pool: deps.database.pool,
    trustProxy: deps.config.trustProxy,
  });
  // Workspace events → that workspace's sockets; ended sessions → their sockets closed.
  const events = listenLiveChannels(deps.database.pool, hub, built.sessionCache, deps.log);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, deps.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = deps.host === '0.0.0.0' || deps.host === '::' ? 'localhost' : deps.host;
  return {
    url: `http://${shownHost}:${port}`,
    server,
    sessionCache: built.sessionCache,
    async close() {
      await events.close();
      await hub.close();
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await built.close();
    },
  };
}
