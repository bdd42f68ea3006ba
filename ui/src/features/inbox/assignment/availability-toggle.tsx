import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoAssignSettings } from '@contracts/auto-assign';
import { ToggleSwitch } from '../../../components/toggle-switch';
import { apiRequest } from '../../../lib/api';
import { AUTO_ASSIGN_KEY, fetchAutoAssign } from '../../settings/auto-assign-section';
import { useCan } from '../../team/use-can';

/**
 * "Available for new conversations": this member in or out of round-robin (contracts/auto-assign.ts).
 * Shown only while the workspace has round-robin on, to a role that can reply.
 */
export function AvailabilityToggle() {
  const canReply = useCan('inbox:write');
  const client = useQueryClient();
  const query = useQuery({ queryKey: AUTO_ASSIGN_KEY, queryFn: fetchAutoAssign, enabled: canReply });
  const save = useMutation({
    mutationFn: (available: boolean) => apiRequest<AutoAssignSettings>('PUT', '/api/settings/auto-assign/me', { available }),
    onSuccess: (saved) => client.setQueryData(AUTO_ASSIGN_KEY, saved),
  });
  if (!canReply || query.data?.mode !== 'round_robin') return null;
  const available = save.isPending ? (save.variables ?? query.data.available) : query.data.available;
  return (
    <div className="flex items-center justify-between gap-2 px-3 pt-2 text-xs text-slate-600 dark:text-slate-300">
      <span aria-hidden="true">Available for new conversations</span>
      <ToggleSwitch checked={available} onChange={(next) => save.mutate(next)} label="Available for new conversations" disabled={save.isPending} />
    </div>
  );
}
