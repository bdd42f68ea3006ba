import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TakeoverSettings } from '@contracts/takeover';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { apiGet, apiRequest, errorMessage } from '../../lib/api';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';
import { SettingsSection } from './settings-section';

const KEY = ['/api/settings/takeover'] as const;
const PRESETS = [1, 2, 4, 8, 12, 24, 48, 72, 168];

function hoursLabel(h: number): string {
  if (h % 24 === 0) return h === 24 ? '24 hours (1 day)' : `${h / 24} days`;
  return h === 1 ? '1 hour' : `${h} hours`;
}

/**
 * Human takeover's quiet time (contracts/takeover.ts): how long a teammate's inbox reply pauses
 * automation for that contact before it resumes by itself.
 */
export function TakeoverSection() {
  const client = useQueryClient();
  const canChange = useCan('settings:manage');
  const query = useQuery({ queryKey: KEY, queryFn: () => apiGet<TakeoverSettings>('/api/settings/takeover') });
  const save = useMutation({
    mutationFn: (quietHours: number) => apiRequest<TakeoverSettings>('PUT', '/api/settings/takeover', { quietHours }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
  const saved = query.data?.quietHours;
  const options = [...new Set([...PRESETS, saved ?? 24])].sort((a, b) => a - b).map((h) => ({ value: String(h), label: hoursLabel(h) }));

  return (
    <SettingsSection
      id="takeover"
      icon="users"
      title="Human takeover"
      description="When a teammate replies from the inbox, automation pauses for that contact: no comment rule, flow or broadcast messages them until someone presses Resume automation or this quiet time passes."
    >
      {saved === undefined ? (
        query.isError ? (
          <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(query.error, 'Could not load the quiet time')}</p>
        ) : (
          <Spinner className="text-indigo-600" label="Loading quiet time" />
        )
      ) : (
        <div className="space-y-3">
          <SelectField
            label="Resume automation by itself after"
            options={options}
            value={String(saved)}
            disabled={save.isPending || !canChange}
            onChange={(e) => save.mutate(Number(e.target.value))}
          />
          <ViewOnly permission="settings:manage" />
          <p className="text-xs text-slate-500 dark:text-slate-400">Counted from the teammate’s latest reply. A pause already running keeps its end.</p>
        </div>
      )}
      <p aria-live="polite" className="mt-3 text-xs text-slate-500 empty:mt-0 dark:text-slate-400">
        {save.isPending ? 'Saving…' : save.isError ? errorMessage(save.error, 'Not saved. Please try again.') : save.isSuccess ? 'Saved' : ''}
      </p>
    </SettingsSection>
  );
}
