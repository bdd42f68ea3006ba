import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { InboxEvent } from '@contracts/inbox';
import { liveSocket, type LiveStatus } from './live-socket';

/**
 * Subscribes to the workspace's /ws events (one shared socket per tab). `onResync` runs when the
 * socket reconnects after a drop, since events sent meanwhile were missed.
 */
export function useLiveEvents(onEvent: (event: InboxEvent) => void, onResync?: () => void): void {
  const handlers = useRef({ onEvent, onResync });
  useEffect(() => {
    handlers.current = { onEvent, onResync };
  });
  useEffect(
    () =>
      liveSocket.subscribe({
        onEvent: (event) => handlers.current.onEvent(event),
        onResync: () => handlers.current.onResync?.(),
      }),
    [],
  );
}

/** 'open' while events flow; pages poll as a fallback otherwise. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveSocket.onStatusChange, () => liveSocket.status);
}

/** Poll interval to use for a live-updated query: none while the socket is open. */
export function useLiveFallbackInterval(ms = 5000): number | false {
  return useLiveStatus() === 'open' ? false : ms;
}
