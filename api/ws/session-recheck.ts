import type pg from 'pg';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { SocketOwner } from './socket-registry';

const liveRowSchema = z.object({ sid: z.string(), user_id: z.string().nullable() });

/**
 * The sockets whose session is gone, expired, or now belongs to another user: one query for all
 * of this process's sockets. The backstop behind the sessions-ended NOTIFY (a listener that was
 * reconnecting missed it).
 */
export async function endedSockets(pool: pg.Pool, sockets: [WebSocket, SocketOwner][]): Promise<WebSocket[]> {
  if (sockets.length === 0) return [];
  const sids = [...new Set(sockets.map(([, o]) => o.sid))];
  const { rows } = await pool.query(
    `select sid, sess -> 'passport' ->> 'user' as user_id from user_sessions where sid = any($1::text[]) and expire > now()`,
    [sids],
  );
  const live = new Map(z.array(liveRowSchema).parse(rows).map((r) => [r.sid, r.user_id]));
  return sockets.filter(([, o]) => live.get(o.sid) !== o.userId).map(([ws]) => ws);
}
