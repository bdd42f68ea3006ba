import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { ApiKeysSection } from './api-keys-section';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../auth/use-current-user';
import { tierName } from '../auth/user.display';
import { DeleteAccountSection } from './delete-account-section';
import { NotificationsSection } from './notifications-section';
import { OptOutSection } from './opt-out-section';
import { PushDeviceSection } from '../push/push-device-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SettingsSection } from './settings-section';
import { SettingsTabs } from './settings-tabs';
import { useCan } from '../team/use-can';
import { TakeoverSection } from './takeover-section';
import { AutoAssignSection } from './auto-assign-section';
import { TimeZoneSection } from './time-zone-section';
import { UsageMeter } from './usage-meter';
import { WebhooksSection } from './webhooks-section';

/** docs/product-spec.md §2 Settings: account, password, notifications, usage, security text and the danger zone (the team and audit log are its other tabs). */
export function SettingsPage() {
  const { user } = useCurrentUser();
  const canBill = useCan('billing:manage');
  if (!user) return <Spinner className="mx-auto text-indigo-600" label="Loading" />;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <PageHeader title="Settings" description="Your account, usage and preferences." />
        <SettingsTabs />
      </div>

      {/* Keyed by user: the forms start from the saved values again after a save elsewhere. */}
      <ProfileSection key={`${user.id}:${user.firstName}:${user.lastName}`} user={user} />
      <PasswordSection user={user} />
      <NotificationsSection />
      <PushDeviceSection />
      <TimeZoneSection />
      <OptOutSection />
      <TakeoverSection />
      <AutoAssignSection />
      <ApiKeysSection />
      <WebhooksSection />

      <SettingsSection icon="card" title="Usage & Billing">
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <span className="text-sm text-slate-600 dark:text-slate-400">Current plan</span>
            <Badge tone="brand">{tierName(user)}</Badge>
          </div>
          {canBill ? (
            <Link to="/account/billing" className="text-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400">
              Manage billing
            </Link>
          ) : (
            <span className="text-sm text-slate-500 dark:text-slate-400">The workspace owner manages billing.</span>
          )}
        </div>
        <UsageMeter used={user.messagesUsed} limit={user.messageLimit} />
      </SettingsSection>

      <SettingsSection icon="shield" title="Security & Privacy">
        <div className="space-y-2 text-sm text-slate-600 dark:text-slate-400">
          <p>Passwords are stored as Argon2id hashes; sessions use HTTP-only cookies. Changing your password signs out your other devices.</p>
          <p>Platform access tokens are encrypted at rest and only used to send the messages your automations send.</p>
          <p>
            Read the{' '}
            <Link to="/privacy" className="font-medium text-indigo-600 dark:text-indigo-400">
              Privacy Policy
            </Link>{' '}
            for what we store and why.
          </p>
        </div>
      </SettingsSection>

      <DeleteAccountSection user={user} />
    </div>
  );
}
