import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { autoAssignModeLabels, autoAssignModes, type AutoAssignMode, type AutoAssignSettings } from '@contracts/auto-assign';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { apiGet, apiRequest, errorMessage } from '../../lib/api';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';
import { SettingsSection } from './settings-section';

export const AUTO_ASSIGN_KEY = ['/api/settings/auto-assign'] as const;
export const fetchAutoAssign = () => apiGet<AutoAssignSettings>('/api/settings/auto-assign');

const teammates = (n: number) => (n === 0 ? 'Nobody is' : n === 1 ? '1 teammate is' : `${n} teammates are`);

/**
 * Automatic assignment (contracts/auto-assign.ts): off, or round-robin among the teammates who marked
 * themselves available in the inbox and are online. Owners and admins change it.
 */
export function AutoAssignSection() {
  const client = useQueryClient();
  const canChange = useCan('settings:manage');
  const query = useQuery({ queryKey: AUTO_ASSIGN_KEY, queryFn: fetchAutoAssign });
  const save = useMutation({
    mutationFn: (mode: AutoAssignMode) => apiRequest<AutoAssignSettings>('PUT', '/api/settings/auto-assign', { mode }),
    onSuccess: (saved) => client.setQueryData(AUTO_ASSIGN_KEY, saved),
  });
  const data = query.data;

  return (
    <SettingsSection
      id="auto-assign"
      icon="users"
      title="Automatic assignment"
      description="Who gets a new conversation when someone sends its first DM. Later messages, comments and conversations that already exist keep their assignee."
    >
      {!data ? (
        query.isError ? (
          <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(query.error, 'Could not load automatic assignment')}</p>
        ) : (
          <Spinner className="text-indigo-600" label="Loading automatic assignment" />
        )
      ) : (
        <div className="space-y-3">
          <SelectField
            label="Assign new conversations automatically"
            options={autoAssignModes.map((m) => ({ value: m, label: autoAssignModeLabels[m] }))}
            value={data.mode}
            disabled={save.isPending || !canChange}
            onChange={(e) => save.mutate(e.target.value as AutoAssignMode)}
          />
          <ViewOnly permission="settings:manage" />
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Round-robin gives each new conversation to the teammate who got one least recently, among those who switched on “Available for new conversations” in
            the inbox and have Replypilot open. {teammates(data.eligibleNow)} available now.
            {data.mode === 'round_robin' && data.eligibleNow === 0 && ' Until someone is, new conversations stay Unassigned.'}
          </p>
        </div>
      )}
      <p aria-live="polite" className="mt-3 text-xs text-slate-500 empty:mt-0 dark:text-slate-400">
        {save.isPending ? 'Saving…' : save.isError ? errorMessage(save.error, 'Not saved. Please try again.') : save.isSuccess ? 'Saved' : ''}
      </p>
    </SettingsSection>
  );
}
