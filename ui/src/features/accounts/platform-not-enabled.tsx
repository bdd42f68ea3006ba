import type { Platform } from '@contracts/platforms';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';

const names: Record<Platform, string> = { instagram: 'Instagram', facebook: 'Facebook Messenger', twitter: 'X (Twitter)' };

function listOf(platforms: Platform[]): string {
  const n = platforms.map((p) => names[p]);
  return n.length <= 1 ? (n[0] ?? '') : `${n.slice(0, -1).join(', ')} and ${n.at(-1)}`;
}

/** Where an administrator enables each platform. */
const guide: Record<Platform, string> = { instagram: '/facebook/setup', facebook: '/facebook/setup', twitter: '/webhook-setup' };

/**
 * What a Connect button says where the platform is not enabled on this server: an administrator
 * has to turn it on, and the sandbox accounts in the Simulator work meanwhile. Whoever runs the
 * server also gets the guide to enabling it.
 */
export function PlatformNotEnabled({ platforms, canEnable, className }: { platforms: Platform[]; canEnable: boolean; className?: string }) {
  if (platforms.length === 0) return null;
  const one = platforms.length === 1;
  return (
    <div
      role="note"
      data-testid="platform-not-enabled"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100',
        className,
      )}
    >
      <div className="flex gap-3">
        <Icon name="lock" size={18} className="mt-0.5 shrink-0 text-amber-600 dark:text-amber-300" />
        <div>
          <p className="font-medium">
            {listOf(platforms)} {one ? "isn't" : "aren't"} enabled on this server yet.
          </p>
          <p className="mt-1">
            An administrator has to turn {one ? 'it' : 'them'} on before accounts can connect. Meanwhile, your workspace has sandbox accounts: try every
            automation in the Simulator.
            {canEnable && (
              <>
                {' '}
                You run this server:{' '}
                <Link to={guide[platforms[0]!]} className="font-medium underline underline-offset-2">
                  how to enable {one ? names[platforms[0]!] : 'them'}
                </Link>
                .
              </>
            )}
          </p>
        </div>
      </div>
      <ButtonLink to="/simulator" size="sm" className="shrink-0">
        <Icon name="play" size={14} /> Open the Simulator
      </ButtonLink>
    </div>
  );
}
