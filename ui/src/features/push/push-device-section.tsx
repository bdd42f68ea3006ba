import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Spinner } from '../../components/spinner';
import { ToggleSwitch } from '../../components/toggle-switch';
import { errorMessage } from '../../lib/api';
import { SettingsSection } from '../settings/settings-section';
import { devicePushState, disableDevicePush, enableDevicePush, pushSupported } from './push-device';

const PUSH_KEY = ['push-device'] as const;

/** Settings → "Notifications on this device" (Web Push, ADR 0045): this browser, this workspace. */
export function PushDeviceSection() {
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const state = useQuery({ queryKey: PUSH_KEY, queryFn: devicePushState, enabled: supported });
  const toggle = useMutation({
    mutationFn: (on: boolean) => (on ? enableDevicePush() : disableDevicePush()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_KEY }),
  });
  const title = 'Notifications on this device';
  return (
    <SettingsSection
      id="push"
      icon="bell"
      title="This device"
      description="Phone or desktop notifications from this workspace: a conversation assigned to you, a note that mentions you, a new message in Mine."
    >
      {!supported ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          This browser cannot show push notifications. On a phone, add Replypilot to the home screen (Share → Add to Home Screen) and open it from there.
        </p>
      ) : state.isPending ? (
        <Spinner className="text-indigo-600" label="Checking this device" />
      ) : (
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="text-sm font-medium text-slate-900 dark:text-white">{title}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">Pressing a notification opens its conversation.</p>
          </div>
          <ToggleSwitch checked={toggle.isPending ? toggle.variables : state.data === true} onChange={(on) => toggle.mutate(on)} label={title} />
        </div>
      )}
      <p aria-live="polite" className="mt-3 text-xs text-slate-500 empty:mt-0 dark:text-slate-400">
        {toggle.isPending ? 'Saving…' : toggle.isError ? errorMessage(toggle.error, 'Could not change notifications on this device.') : ''}
      </p>
    </SettingsSection>
  );
}
