import type pg from 'pg';
import { z } from 'zod';
import type { InboxEvent } from '../../contracts/inbox';
import { EVENTS_CHANNEL } from '../../db/pipeline/notify';

const notificationSchema = z.object({
  workspaceId: z.string(),
  event: z.object({ type: z.string() }).passthrough(),
});

/**
 * LISTENs for workspace events (NOTIFY from any worker or web process) and hands them to `deliver`.
 * Keeps one dedicated connection; reconnects with backoff if PostgreSQL drops it.
 */
export function listenWorkspaceEvents(
  pool: pg.Pool,
  deliver: (workspaceId: string, event: InboxEvent) => void,
  log: { warn: (obj: object, msg: string) => void },
): { close(): Promise<void> } {
  let client: pg.PoolClient | undefined;
  let closed = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

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
        if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
        try {
          const parsed = notificationSchema.parse(JSON.parse(msg.payload));
          deliver(parsed.workspaceId, parsed.event as InboxEvent);
        } catch (err) {
          log.warn({ err }, 'ignored a malformed workspace event');
        }
      });
      c.on('error', (err) => {
        // Errors can arrive more than once, or after close() released the client: act only once.
        if (client !== c) return;
        client = undefined;
        c.release(true);
        if (closed) return;
        log.warn({ err }, 'event listener connection lost; reconnecting');
        schedule();
      });
      await c.query(`listen ${EVENTS_CHANNEL}`);
      retryMs = 500;
    } catch (err) {
      log.warn({ err }, 'could not LISTEN for workspace events; retrying');
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
      if (c) {
        await c.query(`unlisten ${EVENTS_CHANNEL}`).catch(() => {});
        c.release();
      }
    },
  };
}
