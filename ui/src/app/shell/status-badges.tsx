import { useEffect } from 'react';
import { Badge } from '../../components/badge';
import { Icon } from '../../components/icon';
import { liveSocket } from '../../lib/live-socket';
import { useLiveStatus } from '../../lib/use-live-events';

/** The user's real plan (subscriptionTier, "Free" when unset); the crown only on paid plans. */
export function PlanBadge({ tier }: { tier: string | null | undefined }) {
  const name = tier?.trim() || 'Free';
  const paid = name.toLowerCase() !== 'free';
  return (
    <Badge tone={paid ? 'brand' : 'neutral'}>
      {paid && <Icon name="crown" size={12} />} {name}
    </Badge>
  );
}

const live = {
  open: { tone: 'success', dot: 'bg-emerald-500', label: 'Live', title: 'Real-time updates are connected' },
  connecting: { tone: 'warning', dot: 'bg-amber-500', label: 'Connecting', title: 'Connecting for real-time updates' },
  closed: { tone: 'neutral', dot: 'bg-slate-400', label: 'Offline', title: 'Real-time updates are disconnected; pages refresh by polling' },
} as const;

/** Whether this tab's real-time connection (/ws) is up: what "Live" means, not a fixed label. */
export function LiveBadge() {
  // Holding a subscription keeps the shared socket open while the shell is shown.
  useEffect(() => liveSocket.subscribe({ onEvent: () => {} }), []);
  const s = live[useLiveStatus()];
  return (
    <span title={s.title} className="hidden sm:inline-flex">
      <Badge tone={s.tone}>
        <span className={`h-1.5 w-1.5 rounded-full ${s.dot}`} aria-hidden="true" /> {s.label}
      </Badge>
    </span>
  );
}
