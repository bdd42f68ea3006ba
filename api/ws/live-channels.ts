import type pg from 'pg';
import { EVENTS_CHANNEL } from '../../db/pipeline/notify';
import { listenChannels } from './pg-listener';
import { SESSIONS_CHANNEL } from '../../db/sessions/sessions-ended';
import { sessionsEndedHandler } from './session-revocations';
import { workspaceEventsHandler } from './workspace-events';
import type { WsHub } from './ws-server';

/**
 * The web process's one LISTEN connection: workspace events are pushed to that workspace's
 * sockets; ended sessions close theirs. After each (re)connect the hub re-checks every socket's
 * session, and after a reconnect tells every browser to refetch, since notifications sent while
 * the connection was down are lost.
 */
export function listenLiveChannels(pool: pg.Pool, hub: WsHub, log: { warn: (obj: object, msg: string) => void }) {
  return listenChannels(
    pool,
    {
      [EVENTS_CHANNEL]: workspaceEventsHandler((workspaceId, event) => hub.publish(workspaceId, event), log),
      [SESSIONS_CHANNEL]: sessionsEndedHandler((ended) => hub.endSessions(ended), log),
    },
    log,
    (reconnected) => {
      void hub.recheckSessions();
      if (reconnected) hub.resyncAll();
    },
  );
}
