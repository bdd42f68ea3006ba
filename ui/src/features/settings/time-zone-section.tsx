import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceTimeZone } from '@contracts/time-zone';
import { useMemo } from 'react';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { apiGet, apiRequest, errorMessage } from '../../lib/api';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';
import { SettingsSection } from './settings-section';

const KEY = ['/api/settings/time-zone'] as const;

/** Every zone the browser knows, the saved one included even if it does not. */
function zoneOptions(saved: string): Array<{ value: string; label: string }> {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = [...new Set(['UTC', saved, ...zones])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
  return all.map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
}

/**
 * The workspace's time zone (docs/product-spec.md, Glossary: day): where "today" starts on the
 * dashboard and which days Analytics' timeframes cover. Days already counted keep their zone.
 */
export function TimeZoneSection() {
  const client = useQueryClient();
  // The zone is the workspace's: owners and admins change it (settings:manage); others see it.
  const canChange = useCan('settings:manage');
  const query = useQuery({ queryKey: KEY, queryFn: () => apiGet<WorkspaceTimeZone>('/api/settings/time-zone') });
  const save = useMutation({
    mutationFn: (timeZone: string) => apiRequest<WorkspaceTimeZone>('PUT', '/api/settings/time-zone', { timeZone }),
    onSuccess: async (saved) => {
      client.setQueryData(KEY, saved);
      // Every figure's "today" moves with the zone.
      await Promise.all([client.invalidateQueries({ queryKey: ['dashboard'] }), client.invalidateQueries({ queryKey: ['analytics'] })]);
    },
  });
  const saved = query.data?.timeZone;
  const options = useMemo(() => zoneOptions(saved ?? 'UTC'), [saved]);
  const mine = browserTimeZone();

  return (
    <SettingsSection
      id="time-zone"
      icon="globe"
      title="Time zone"
      description="Your figures count days in this zone: where the dashboard's “today” starts and which days Analytics covers."
    >
      {!saved ? (
        query.isError ? (
          <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(query.error, 'Could not load the time zone')}</p>
        ) : (
          <Spinner className="text-indigo-600" label="Loading time zone" />
        )
      ) : (
        <div className="space-y-3">
          <SelectField
            label="Workspace time zone"
            options={options}
            value={saved}
            disabled={save.isPending || !canChange}
            onChange={(e) => save.mutate(e.target.value)}
          />
          <ViewOnly permission="settings:manage" />
          {canChange && mine && mine !== saved && (
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <span>This browser is on {mine.replaceAll('_', ' ')}.</span>
              <Button size="sm" variant="outline" onClick={() => save.mutate(mine)} disabled={save.isPending}>
                Use {mine.replaceAll('_', ' ')}
              </Button>
            </div>
          )}
          <p className="text-xs text-slate-500 dark:text-slate-400">A change applies from now on: days already counted stay as they were counted.</p>
        </div>
      )}
      <p aria-live="polite" className="mt-3 text-xs text-slate-500 empty:mt-0 dark:text-slate-400">
        {save.isPending ? 'Saving…' : save.isError ? errorMessage(save.error, 'Not saved. Please try again.') : save.isSuccess ? 'Saved' : ''}
      </p>
    </SettingsSection>
  );
}
