import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { ToggleSwitch } from '../../components/toggle-switch';
import { useCurrentUser } from '../auth/use-current-user';
import { fullName, tierName } from '../auth/user.display';
import { SettingsSection } from './settings-section';
import { UsageMeter } from './usage-meter';

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-900 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-100">
        {value}
      </dd>
    </div>
  );
}

export function SettingsPage() {
  const { user } = useCurrentUser();
  // Spec: notification toggles default on and are local only — nothing is saved.
  const [emailNotifications, setEmailNotifications] = useState(true);
  const [autoResponseAlerts, setAutoResponseAlerts] = useState(true);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Settings" description="Your account, usage and preferences." />

      <SettingsSection
        id="account"
        icon="user"
        title="Account Information"
        description="Managed by your sign-in provider; read-only here."
      >
        <dl className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField label="Email" value={user?.email ?? '—'} />
          <ReadOnlyField label="Display name" value={fullName(user) || '—'} />
        </dl>
      </SettingsSection>

      <SettingsSection icon="card" title="Usage & Billing">
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <span className="text-sm text-slate-600 dark:text-slate-400">Current plan</span>
            <Badge tone="brand">{tierName(user)}</Badge>
          </div>
          <Link to="/account/billing" className="text-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400">
            Manage billing
          </Link>
        </div>
        <UsageMeter used={user?.messagesUsed ?? 0} limit={user?.messageLimit ?? 100} />
      </SettingsSection>

      <SettingsSection
        icon="bell"
        title="Notifications"
        description="These preferences apply to this page view only; saving them is not available yet."
      >
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          <li className="flex items-center justify-between gap-4 py-3 first:pt-0">
            <div>
              <p className="text-sm font-medium text-slate-900 dark:text-white">Email notifications</p>
              <p className="text-sm text-slate-500 dark:text-slate-400">Product updates and weekly summaries.</p>
            </div>
            <ToggleSwitch checked={emailNotifications} onChange={setEmailNotifications} label="Email notifications" />
          </li>
          <li className="flex items-center justify-between gap-4 py-3 last:pb-0">
            <div>
              <p className="text-sm font-medium text-slate-900 dark:text-white">Auto-response alerts</p>
              <p className="text-sm text-slate-500 dark:text-slate-400">When an automation replies on your behalf.</p>
            </div>
            <ToggleSwitch checked={autoResponseAlerts} onChange={setAutoResponseAlerts} label="Auto-response alerts" />
          </li>
        </ul>
      </SettingsSection>

      <SettingsSection icon="shield" title="Security & Privacy">
        <div className="space-y-2 text-sm text-slate-600 dark:text-slate-400">
          <p>Passwords are stored as Argon2id hashes; sessions use HTTP-only cookies.</p>
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

      <SettingsSection icon="alert" title="Danger Zone" danger>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-medium text-slate-900 dark:text-white">Delete account</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              Self-service deletion isn't available yet. Contact support to delete your account and data.
            </p>
          </div>
          <Button variant="destructive" disabled>
            Delete Account
          </Button>
        </div>
      </SettingsSection>
    </div>
  );
}
