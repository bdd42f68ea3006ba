import { z } from 'zod';
import type { InboxEvent } from '../../contracts/inbox';

const notificationSchema = z.object({
  workspaceId: z.string(),
  event: z.object({ type: z.string() }).passthrough(),
});

type Log = { warn: (obj: object, msg: string) => void };

/** Parses a workspace event NOTIFY (db/notify.ts) and hands it to `deliver` (wired in live-channels.ts). */
export function workspaceEventsHandler(deliver: (workspaceId: string, event: InboxEvent) => void, log: Log) {
  return (payload: string) => {
    try {
      const parsed = notificationSchema.parse(JSON.parse(payload));
      deliver(parsed.workspaceId, parsed.event as InboxEvent);
    } catch (err) {
      log.warn({ err }, 'ignored a malformed workspace event');
    }
  };
}
