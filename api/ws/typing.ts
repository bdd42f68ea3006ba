import type pg from 'pg';
import type { WebSocket } from 'ws';
import { can, deniedMessage } from '../../contracts/permissions';
import type { TypingMode, WsServerMessage } from '../../contracts/ws';
import { notifyTyping, typingNotificationSchema, type TypingNotification } from '../../db/inbox/typing-notice';
import type { SocketOwner } from './socket-registry';

/** Typing notices one socket may send per window; a well-behaved tab sends one per thread every 2.5 s, plus a stop. */
export const TYPING_PER_SOCKET_PER_WINDOW = 10;
const WINDOW_MS = 10_000;

type Log = { warn: (obj: object, msg: string) => void };
type Send = (ws: WebSocket, msg: WsServerMessage) => void;

/** The member behind a socket, as the typing line names them. */
export interface Typist extends SocketOwner {
  name: string;
}

/**
 * One socket's `typing` messages (contracts/ws.ts): a role that cannot reply (viewer) is told so
 * and sends nothing; over TYPING_PER_SOCKET_PER_WINDOW in 10 s the rest are dropped (the first
 * dropped one says why); another workspace's or an unknown conversation id is dropped in silence,
 * exactly as a sent one looks to the typist, so nothing says whether it exists. Otherwise one
 * NOTIFY (db/inbox/typing-notice.ts) carries it to every web process.
 */
export function socketTyping(pool: Pick<pg.Pool, 'query'>, log: Log, send: Send, now: () => number = Date.now) {
  let count = 0;
  let resetAt = 0;
  return async (ws: WebSocket, typist: Typist, msg: { conversationId: string; mode: TypingMode; active: boolean }): Promise<void> => {
    if (!can(typist.role, 'inbox:write')) return send(ws, { type: 'error', error: deniedMessage(typist.role, 'inbox:write') });
    const t = now();
    if (t >= resetAt) {
      count = 0;
      resetAt = t + WINDOW_MS;
    }
    if (++count > TYPING_PER_SOCKET_PER_WINDOW) {
      if (count === TYPING_PER_SOCKET_PER_WINDOW + 1) send(ws, { type: 'error', error: 'Too many typing notices: at most one per thread every few seconds' });
      return;
    }
    const notice: TypingNotification = {
      workspaceId: typist.workspaceId,
      conversationId: msg.conversationId,
      userId: typist.userId,
      name: typist.name,
      mode: msg.mode,
      active: msg.active,
    };
    try {
      await notifyTyping(pool, notice);
    } catch (err) {
      log.warn({ err }, 'could not send a typing notice');
    }
  };
}

/** Parses a typing NOTIFY (db/inbox/typing-notice.ts) and hands it to `deliver` (wired in live-channels.ts). */
export function typingNotificationsHandler(deliver: (notice: TypingNotification) => void, log: Log) {
  return (payload: string) => {
    try {
      deliver(typingNotificationSchema.parse(JSON.parse(payload)));
    } catch (err) {
      log.warn({ err }, 'ignored a malformed typing notice');
    }
  };
}
