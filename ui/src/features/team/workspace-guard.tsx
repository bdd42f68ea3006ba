import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PublicUser } from '@contracts/auth';
import { WORKSPACE_ACCESS_ENDED, WORKSPACE_CHANGED } from '@contracts/team';
import { Button } from '../../components/button';
import { onApiError, pinWorkspace } from '../../lib/api';
import { liveSocket } from '../../lib/live-socket';
import { CURRENT_USER_KEY } from '../auth/current-user.query';

interface Lost {
  title: string;
  message: string;
}

/**
 * Keeps the page and the session's workspace (ADR 0038) in step:
 *  - every API call names the workspace this page shows (the signed-in user's, from the cache);
 *  - a refusal for a role (403 naming a permission) or the server closing /ws because this member's
 *    role or membership changed refetches who the user is, so what the role cannot do disappears;
 *  - a call refused because the session now acts elsewhere (switched in another tab, or removed
 *    from this workspace) stops the page with a notice; Continue reloads into the session's workspace.
 */
export function WorkspaceGuard() {
  const queryClient = useQueryClient();
  const [lost, setLost] = useState<Lost | null>(null);

  useEffect(() => {
    const apply = () => pinWorkspace(queryClient.getQueryData<PublicUser | null>(CURRENT_USER_KEY)?.workspaceId ?? null);
    apply();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === CURRENT_USER_KEY[0]) apply();
    });
  }, [queryClient]);

  useEffect(() => {
    const refetchUser = () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    const stopErrors = onApiError((err) => {
      const details = err.details() as { permission?: string; reason?: string } | undefined;
      if (details?.reason === WORKSPACE_ACCESS_ENDED) {
        setLost({
          title: 'You no longer have access to this workspace',
          message: 'An owner or admin removed you from it. You can continue in your other workspace.',
        });
      } else if (details?.reason === WORKSPACE_CHANGED) {
        setLost({
          title: 'You switched workspace elsewhere',
          message: 'In another tab or on another device. This page showed the workspace you were in before: continue in the one you switched to.',
        });
      } else if (err.status === 403 && details?.permission) {
        refetchUser();
      }
    });
    const stopSocket = liveSocket.onMembershipChanged(refetchUser);
    return () => {
      stopErrors();
      stopSocket();
    };
  }, [queryClient]);

  return (
    <Dialog open={lost !== null} onClose={() => undefined} className="relative z-[60]">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">{lost?.title}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">{lost?.message}</Description>
          <div className="mt-6 flex justify-end">
            <Button onClick={() => window.location.assign('/dashboard')}>Continue</Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
