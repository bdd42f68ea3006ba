import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../auth/use-current-user';
import { switchWorkspace } from '../team/team.api';

/**
 * A notification's link names its workspace (`/inbox?c=…&workspace=…`, contracts/push.ts): when the
 * session acts in another one of the member's workspaces, switch to it and reload into the thread;
 * otherwise just drop the parameter.
 */
export function useWorkspaceFromLink(): void {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('workspace');
  useEffect(() => {
    if (!wanted || !user) return;
    const rest = new URLSearchParams(params);
    rest.delete('workspace');
    if (wanted === user.workspaceId) {
      setParams(rest, { replace: true });
      return;
    }
    switchWorkspace(wanted).then(
      () => window.location.replace(`${window.location.pathname}?${rest.toString()}`),
      () => setParams(rest, { replace: true }),
    );
  }, [wanted, user, params, setParams]);
}
