import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@contracts/auth';
import { Spinner } from '../../components/spinner';
import { ToggleSwitch } from '../../components/toggle-switch';
import { errorMessage } from '../../lib/api';
import { SettingsSection } from './settings-section';
import { fetchNotifications, NOTIFICATIONS_KEY, saveNotifications } from './settings.api';

const toggles: { key: keyof NotificationSettings; title: string; text: string }[] = [
  { key: 'failedSends', title: 'Failed sends', text: 'Email me when a reply or DM could not be sent.' },
  { key: 'accountHealth', title: 'Account health alerts', text: 'Email me when a connected account needs reconnecting or its access expires soon.' },
  { key: 'weeklySummary', title: 'Weekly summary', text: 'A short weekly email with conversations and automation results.' },
];

/** Per-user email notification toggles, saved as soon as one is switched. */
export function NotificationsSection() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: fetchNotifications });
  const save = useMutation({
    mutationFn: saveNotifications,
    onMutate: (next) => {
      const previous = queryClient.getQueryData<NotificationSettings>(NOTIFICATIONS_KEY);
      queryClient.setQueryData(NOTIFICATIONS_KEY, next);
      return { previous };
    },
    onError: (_err, _next, context) => queryClient.setQueryData(NOTIFICATIONS_KEY, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATIONS_KEY, saved),
  });
  const settings = query.data;

  return (
    <SettingsSection id="notifications" icon="bell" title="Notifications" description="Emails we send to your sign-in address.">
      {!settings ? (
        query.isError ? (
          <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(query.error, 'Could not load your preferences')}</p>
        ) : (
          <Spinner className="text-indigo-600" label="Loading preferences" />
        )
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {toggles.map((t) => (
            <li key={t.key} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
              <div>
                <p className="text-sm font-medium text-slate-900 dark:text-white">{t.title}</p>
                <p className="text-sm text-slate-500 dark:text-slate-400">{t.text}</p>
              </div>
              <ToggleSwitch checked={settings[t.key]} onChange={(on) => save.mutate({ ...settings, [t.key]: on })} label={t.title} />
            </li>
          ))}
        </ul>
      )}
      <p aria-live="polite" className="mt-3 text-xs text-slate-500 empty:mt-0 dark:text-slate-400">
        {save.isPending ? 'Saving…' : save.isError ? errorMessage(save.error, 'Not saved. Please try again.') : save.isSuccess ? 'Saved' : ''}
      </p>
    </SettingsSection>
  );
}
