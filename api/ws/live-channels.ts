import type pg from 'pg';
import { EVENTS_CHANNEL } from '../../db/notify';
import { listenChannels } from './pg-listener';
import { SESSION_CACHE_CHANNEL, sessionCacheChangeSchema } from '../../db/sessions/session-cache-channel';
import { SESSIONS_CHANNEL } from '../../db/sessions/sessions-ended';
import { MEMBERSHIPS_CHANNEL, membershipChangeSchema } from '../../db/team/membership-channel';
import type { SessionCache } from '../auth/session-cache';
import { sessionsEndedHandler } from './session-revocations';
import { TYPING_CHANNEL } from '../../db/inbox/typing-notice';
import { typingNotificationsHandler } from './typing';
import { workspaceEventsHandler } from './workspace-events';
import type { WsHub } from './ws-server';

/**
 * The web process's one LISTEN connection: workspace events are pushed to that workspace's
 * sockets, as are typing notices (never to the typist's own); ended sessions close theirs and
 * leave the session cache, as do changed sessions and
 * users (ADR 0016); a changed membership drops its user from the cache and closes their sockets in
 * that workspace (ADR 0038). After each (re)connect the hub re-checks every socket's session, and after a
 * reconnect tells every browser to refetch, since notifications sent while the connection was down
 * are lost; for the same reason the session cache is emptied and off while the connection is down.
 */
export function listenLiveChannels(
  pool: pg.Pool,
  hub: WsHub,
  sessionCache: SessionCache,
  log: { warn: (obj: object, msg: string) => void },
  /** Before a workspace's event goes to its browsers (which refetch on it): db/read-replica.ts. */
  onWorkspaceEvent: (workspaceId: string) => void = () => {},
) {
  return listenChannels(
    pool,
    {
      [EVENTS_CHANNEL]: workspaceEventsHandler((workspaceId, event) => {
        onWorkspaceEvent(workspaceId);
        hub.publish(workspaceId, event);
      }, log),
      // Ephemeral: not a change, so no read-your-writes hint and nothing to refetch.
      [TYPING_CHANNEL]: typingNotificationsHandler((notice) => hub.publishTyping(notice), log),
      [SESSIONS_CHANNEL]: sessionsEndedHandler((ended) => {
        sessionCache.applyEnded(ended);
        hub.endSessions(ended);
      }, log),
      [MEMBERSHIPS_CHANNEL]: (payload) => {
        const change = membershipChangeSchema.safeParse(safeJson(payload));
        if (change.success) {
          sessionCache.forgetUser(change.data.userId);
          hub.endMembership(change.data);
        } else {
          sessionCache.clear();
          log.warn({ payload: payload.slice(0, 200) }, 'malformed membership notification; cache cleared');
        }
      },
      [SESSION_CACHE_CHANNEL]: (payload) => {
        const change = sessionCacheChangeSchema.safeParse(safeJson(payload));
        // Unreadable: it was about someone; drop everything rather than guess.
        if (change.success) sessionCache.applyChange(change.data);
        else {
          sessionCache.clear();
          log.warn({ payload: payload.slice(0, 200) }, 'malformed session-cache notification; cache cleared');
        }
      },
    },
    log,
    (reconnected) => {
      sessionCache.setLive(true);
      void hub.recheckSessions();
      if (reconnected) hub.resyncAll();
    },
    () => sessionCache.setLive(false),
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
