import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { ConfirmDialog } from '../confirm-dialog';

/**
 * Asks before leaving the editor with unsaved changes (in-app links and tab close / reload).
 * `allowNext()` lets one navigation through (the move to /flows/:id after creating a flow).
 */
export function useLeaveGuard(when: boolean) {
  const bypass = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (bypass.current) {
        bypass.current = false;
        return false;
      }
      return when && currentLocation.pathname !== nextLocation.pathname;
    },
    [when],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      description="Your changes to this flow are not saved yet."
      confirmLabel="Leave"
      destructive
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
  return { dialog, allowNext: () => (bypass.current = true) };
}
