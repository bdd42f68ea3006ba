import { useState } from 'react';
import { can } from '@contracts/permissions';
import { useCurrentUser } from '../auth/use-current-user';
import type { Platform } from '@contracts/platforms';
import type { SocialAccount } from '@contracts/social-accounts';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon, type IconName } from '../../components/icon';

export interface ConnectPlatform {
  name: string;
  platform: Platform;
  icon: IconName;
  tone: string;
  text: string;
  /** Where the full-page authorization starts; null: not available yet. */
  href: string | null;
}

interface PlatformConnectCardProps {
  platform: ConnectPlatform;
  connected: SocialAccount[];
  /** The platform is enabled on this server (GET /api/connect-options); null while that is loading. */
  available: boolean | null;
}

/**
 * docs/product-spec.md §4 account connection: not connected → connecting ('Opening Authorization...')
 * → connected. Where the platform is not enabled on this server the button cannot start anything,
 * and says why instead of leading to a setup page.
 */
export function PlatformConnectCard({ platform, connected, available }: PlatformConnectCardProps) {
  const [opening, setOpening] = useState(false);
  // A visitor is sent to sign in by the server; a signed-in member needs accounts:manage.
  const { user } = useCurrentUser();
  const allowed = !user || can(user.role, 'accounts:manage');
  const live = connected.filter((a) => a.status === 'active');
  const stale = connected.filter((a) => a.status === 'needs_reconnect');
  return (
    <Card className="flex flex-col p-6">
      <span className={`flex h-11 w-11 items-center justify-center rounded-xl bg-gradient-to-br text-white ${platform.tone}`}>
        <Icon name={platform.icon} size={22} />
      </span>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-slate-900 dark:text-white">{platform.name}</h2>
        {stale.length > 0 ? (
          <Badge tone="danger">Needs reconnect</Badge>
        ) : live.length > 0 ? (
          <Badge tone="success">Connected</Badge>
        ) : available === false ? (
          <Badge tone="warning">Not enabled</Badge>
        ) : (
          <Badge>Not connected</Badge>
        )}
      </div>
      <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-400">{platform.text}</p>
      {live.length > 0 && (
        <p className="mt-2 truncate text-xs text-slate-500 dark:text-slate-400">
          {live.map((a) => (a.platform === 'facebook' ? a.displayName : `@${a.username}`)).join(', ')}
        </p>
      )}
      <Button
        className="mt-5"
        variant={live.length > 0 && stale.length === 0 ? 'outline' : undefined}
        disabled={!platform.href || available !== true || !allowed}
        title={allowed ? undefined : 'Owners and admins connect accounts'}
        loading={opening}
        onClick={() => {
          if (!platform.href || available !== true || !allowed) return;
          setOpening(true);
          window.location.assign(platform.href);
        }}
      >
        {opening
          ? 'Opening Authorization...'
          : stale.length > 0
            ? `Reconnect ${platform.name}`
            : live.length > 0
              ? `Add another ${platform.name === 'Facebook Business' ? 'Page' : 'account'}`
              : `Connect ${platform.name}`}
      </Button>
      {available === false && (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">An administrator has to enable {platform.name} on this server first.</p>
      )}
    </Card>
  );
}
