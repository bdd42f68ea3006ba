import type pg from 'pg';
import type { WebSocket } from 'ws';
import { liveSessionUsers } from '../../db/sessions/live-sessions';
import type { SocketOwner } from './socket-registry';

/**
 * The sockets whose session is gone, expired, or now belongs to another user: one query for all
 * of this process's sockets. The backstop behind the sessions-ended NOTIFY (a listener that was
 * reconnecting missed it).
 */
export async function endedSockets(pool: pg.Pool, sockets: [WebSocket, SocketOwner][]): Promise<WebSocket[]> {
  if (sockets.length === 0) return [];
  const sids = [...new Set(sockets.map(([, o]) => o.sid))];
  const live = await liveSessionUsers(pool, sids);
  return sockets.filter(([, o]) => live.get(o.sid) !== o.userId).map(([ws]) => ws);
}
