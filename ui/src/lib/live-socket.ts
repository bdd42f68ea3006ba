import type { InboxEvent } from '@contracts/inbox';
import type { TypingNotice, WsClientMessage, WsServerMessage } from '@contracts/ws';

export type LiveStatus = 'connecting' | 'open' | 'closed';

interface LiveSubscriber {
  onEvent: (event: InboxEvent) => void;
  /** Called when the socket comes back after a drop: events may have been missed, refetch. */
  onResync?: () => void;
}

const PING_EVERY_MS = 25_000;
/** The server closed the socket because this member's role or membership changed (api/ws/ws-server.ts). */
export const MEMBERSHIP_CHANGED_CLOSE_CODE = 4002;
const MAX_DELAY_MS = 30_000;

/** Exponential backoff with jitter: 0.5–1 s, 1–2 s, 2–4 s … capped at 15–30 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** ws:// or wss:// on the page's own host. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** Parses one server frame; anything that is not a workspace event gives null. */
export function parseLiveFrame(data: unknown): WsServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { type?: unknown }).type === 'string') {
      return parsed as WsServerMessage;
    }
  } catch {
    // Not JSON (e.g. a bare "pong"): ignore.
  }
  return null;
}

/**
 * One WebSocket per tab, shared by every subscriber: opened with the first subscriber, closed a
 * moment after the last one leaves, reopened with backoff when the connection drops.
 */
class LiveSocket {
  private ws: WebSocket | null = null;
  private subscribers = new Set<LiveSubscriber>();
  private statusListeners = new Set<() => void>();
  private membershipListeners = new Set<() => void>();
  private typingListeners = new Set<(notice: TypingNotice) => void>();
  private attempt = 0;
  private everOpened = false;
  private reconnectTimer: number | undefined;
  private idleTimer: number | undefined;
  private pingTimer: number | undefined;
  private currentStatus: LiveStatus = 'closed';

  get status(): LiveStatus {
    return this.currentStatus;
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    window.clearTimeout(this.idleTimer);
    if (!this.ws && this.reconnectTimer === undefined) this.connect();
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) {
        // Route changes unmount and remount subscribers; do not churn the socket for that.
        this.idleTimer = window.setTimeout(() => this.shutdown(), 2000);
      }
    };
  }

  onStatusChange = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Called when the server says this member's role or membership changed (then it reconnects as usual). */
  onMembershipChanged = (listener: () => void): (() => void) => {
    this.membershipListeners.add(listener);
    return () => this.membershipListeners.delete(listener);
  };

  /** Teammates' typing notices (the socket is kept open by the shell's subscriber; this does not open it). */
  onTyping = (listener: (notice: TypingNotice) => void): (() => void) => {
    this.typingListeners.add(listener);
    return () => this.typingListeners.delete(listener);
  };

  /** Sends a message if the socket is open; false otherwise (typing notices are hints: never queued). */
  send(msg: WsClientMessage): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  private setStatus(status: LiveStatus) {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener();
  }

  private connect() {
    this.reconnectTimer = undefined;
    this.setStatus('connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(liveSocketUrl(window.location));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onmessage = (msg) => this.handleFrame(msg.data);
    ws.onclose = (event) => {
      if (event.code === MEMBERSHIP_CHANGED_CLOSE_CODE) for (const listener of this.membershipListeners) listener();
      if (this.ws !== ws) return;
      this.ws = null;
      window.clearInterval(this.pingTimer);
      this.setStatus('closed');
      if (this.subscribers.size > 0) this.scheduleReconnect();
    };
    ws.onerror = () => ws.close();
  }

  private handleFrame(data: unknown) {
    const frame = parseLiveFrame(data);
    if (!frame) return;
    if (frame.type === 'hello') {
      if (!frame.authenticated) {
        // The session was not seen (e.g. a sign-in race): retry later rather than sit deaf.
        this.ws?.close();
        return;
      }
      const resync = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.setStatus('open');
      window.clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => this.ws?.send('ping'), PING_EVERY_MS);
      if (resync) for (const s of this.subscribers) s.onResync?.();
      return;
    }
    if (frame.type === 'resync') {
      for (const s of this.subscribers) s.onResync?.();
      return;
    }
    if (frame.type === 'event') {
      for (const s of this.subscribers) s.onEvent(frame.event);
      return;
    }
    if (frame.type === 'typing') {
      const notice: TypingNotice = { conversationId: frame.conversationId, userId: frame.userId, name: frame.name, mode: frame.mode, active: frame.active };
      for (const listener of this.typingListeners) listener(notice);
    }
  }

  private scheduleReconnect() {
    window.clearTimeout(this.reconnectTimer);
    const delay = backoffDelay(this.attempt++);
    this.reconnectTimer = window.setTimeout(() => this.connect(), delay);
  }

  /** Reconnect now (e.g. the tab became visible again) instead of waiting out the backoff. */
  wake() {
    if (this.ws || this.subscribers.size === 0) return;
    window.clearTimeout(this.reconnectTimer);
    this.attempt = 0;
    this.connect();
  }

  private shutdown() {
    window.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    window.clearInterval(this.pingTimer);
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.everOpened = false;
    this.attempt = 0;
    this.setStatus('closed');
  }
}

export const liveSocket = new LiveSocket();

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') liveSocket.wake();
  });
}
