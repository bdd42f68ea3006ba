import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvents } from '../../lib/use-live-events';
import { invalidationsFor, KeyBatch, resyncKeys } from './live-invalidation';

const BATCH_MS = 150;

/**
 * Keeps /inbox, /conversations, /simulator and /comment-growth current: each /ws event marks the
 * matching queries stale (refetching those on screen). Mounted once, in the signed-in shell.
 */
export function useLiveQueryUpdates(): void {
  const queryClient = useQueryClient();
  const batch = useRef(new KeyBatch());
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function flushSoon() {
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      for (const queryKey of batch.current.drain()) void queryClient.invalidateQueries({ queryKey });
    }, BATCH_MS);
  }

  useLiveEvents(
    (event) => {
      batch.current.add(invalidationsFor(event));
      flushSoon();
    },
    () => {
      batch.current.add(resyncKeys);
      flushSoon();
    },
  );
}
