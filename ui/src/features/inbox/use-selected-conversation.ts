import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The open conversation lives in the URL (`?c=<id>`), so a reload or a shared link keeps it. */
export function useSelectedConversation(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const select = useCallback(
    (id: string | null) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set('c', id);
          else next.delete('c');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [selected, select];
}
