import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimulateFollowBody, SimulatorState } from '@contracts/simulator';
import { CheckboxField } from '../../components/checkbox-field';
import { apiRequest, errorMessage } from '../../lib/api';
import { useToast } from '../../components/toast/use-toast';
import { simulatorKeys } from './simulator.keys';

/**
 * Whether the simulated person follows the sandbox Instagram account: what a Follow gate's check
 * reads on a sandbox run (Instagram's User Profile API on a real account, docs/platform-apis.md §2.13).
 */
export function FollowSwitch({
  state,
  accountId,
  externalUserId,
  username,
  accountUsername,
}: {
  state: SimulatorState | undefined;
  accountId: string;
  externalUserId: string;
  username: string;
  accountUsername: string;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const follows = (state?.follows ?? []).some((f) => f.accountId === accountId && f.externalUserId === externalUserId);
  const save = useMutation({
    mutationFn: (body: SimulateFollowBody) => apiRequest<SimulateFollowBody>('PUT', '/api/simulator/follows', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: simulatorKeys.state }),
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not change the follow'), variant: 'destructive' }),
  });
  return (
    <div className="mt-3">
      <CheckboxField
        checked={follows}
        onChange={(checked) => save.mutate({ accountId, externalUserId, follows: checked })}
        label={`@${username} follows @${accountUsername} (what a Follow gate checks)`}
      />
    </div>
  );
}
