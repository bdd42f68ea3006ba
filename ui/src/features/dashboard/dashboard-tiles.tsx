import { ButtonLink } from '../../components/button-link';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon, type IconName } from '../../components/icon';
import type { ReactNode } from 'react';
import { useConnectOptions } from '../accounts/use-connect-options';

function Tile({ icon, title, text, children }: { icon: IconName; title: string; text: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col p-5">
      <div className="flex items-center gap-3">
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <Icon name={icon} size={18} />
        </span>
        <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{text}</p>
      <div className="mt-auto flex flex-col gap-2 pt-5">{children}</div>
    </Card>
  );
}

interface DashboardTilesProps {
  /** Focuses the assistant chat card below the tiles. */
  onChatNow: () => void;
}

export function DashboardTiles({ onChatNow }: DashboardTilesProps) {
  const options = useConnectOptions();
  // Without a Meta app on this server "Connect" could only lead to a dead end: say so, lead with the Simulator.
  const metaEnabled = options.isPending || options.canConnect('facebook');
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Tile
        icon="rocket"
        title="Quick Start"
        text={
          metaEnabled
            ? 'Connect your accounts and switch on your first auto-responder.'
            : "Instagram and Messenger aren't enabled on this server yet (an administrator turns them on). Try your automations on the sandbox accounts meanwhile."
        }
      >
        {metaEnabled && (
          <ButtonLink to="/social-messaging" size="sm">
            Connect Facebook &amp; Instagram
          </ButtonLink>
        )}
        <ButtonLink to="/webhook-setup" size="sm" variant="outline">
          Setup Auto-Responders
        </ButtonLink>
        <ButtonLink to="/simulator" size="sm" variant={metaEnabled ? 'outline' : undefined}>
          <Icon name="play" size={14} /> Open Simulator
        </ButtonLink>
      </Tile>
      <Tile icon="sparkles" title="AI Assistant" text="Ask for help with automation flows, DM sequences and A/B tests.">
        <Button size="sm" variant="outline" onClick={onChatNow}>
          Chat Now
        </Button>
      </Tile>
      <Tile icon="chart" title="Analytics" text="See how your comments, DMs and leads perform over time.">
        <ButtonLink to="/analytics" size="sm" variant="outline">
          View Reports
        </ButtonLink>
      </Tile>
    </div>
  );
}
