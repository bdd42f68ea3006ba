import type pg from 'pg';
import type { WebSocket } from 'ws';
import { liveSessionUsers } from '../../db/sessions/live-sessions';
import { memberRoles } from '../../db/team/members';
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

/**
 * The sockets whose membership of their workspace is gone or has another role now: the backstop
 * behind the membership NOTIFY (ADR 0038). One query for all of this process's sockets.
 */
export async function changedMemberSockets(pool: pg.Pool, sockets: [WebSocket, SocketOwner][]): Promise<WebSocket[]> {
  if (sockets.length === 0) return [];
  const roles = await memberRoles(
    pool,
    sockets.map(([, o]) => ({ userId: o.userId, workspaceId: o.workspaceId })),
  );
  return sockets.filter(([, o]) => roles.get(`${o.userId}:${o.workspaceId}`) !== o.role).map(([ws]) => ws);
}
