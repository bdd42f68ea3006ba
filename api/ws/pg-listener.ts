import type pg from 'pg';
import { listenOn, unlistenAll } from '../../db/ws/listen';

export type ChannelHandlers = Record<string, (payload: string) => void>;

/**
 * LISTENs on PostgreSQL channels (NOTIFY from any worker or web process) on one dedicated
 * connection and hands each payload to its channel's handler. Reconnects with backoff if
 * PostgreSQL drops it; `onListening` runs after every (re)connect, since NOTIFYs sent while we were
 * not listening are lost.
 */
export function listenChannels(
  pool: pg.Pool,
  handlers: ChannelHandlers,
  log: { warn: (obj: object, msg: string) => void },
  /** After every LISTEN; `reconnected` is false the first time. */
  onListening?: (reconnected: boolean) => void,
  /** The connection was lost (or closed): notifications from now until the next `onListening` are missed. */
  onLost?: () => void,
): { close(): Promise<void> } {
  let client: pg.PoolClient | undefined;
  let closed = false;
  let retryMs = 500;
  let listenedBefore = false;
  let timer: NodeJS.Timeout | undefined;
  const channels = Object.keys(handlers);

  const connect = async () => {
    if (closed) return;
    try {
      const c = await pool.connect();
      if (closed) {
        // close() ran while we were connecting (a shutdown right after boot): give it back.
        c.release();
        return;
      }
      client = c;
      c.on('notification', (msg) => {
        const handler = handlers[msg.channel];
        if (handler && msg.payload) handler(msg.payload);
      });
      const lost = (err: unknown) => {
        // Errors can arrive more than once, or after close() released the client: act only once.
        if (client !== c) return;
        client = undefined;
        onLost?.();
        c.release(true);
        if (closed) return;
        log.warn({ err }, 'event listener connection lost; reconnecting');
        schedule();
      };
      c.on('error', lost);
      c.on('end', () => lost(new Error('connection ended')));
      for (const channel of channels) await listenOn(c, channel);
      retryMs = 500;
      onListening?.(listenedBefore);
      listenedBefore = true;
    } catch (err) {
      log.warn({ err }, 'could not LISTEN for events; retrying');
      schedule();
    }
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, 10_000);
  };
  void connect();

  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      onLost?.();
      if (c) {
        await unlistenAll(c).catch(() => {});
        c.release();
      }
    },
  };
}
