import type { Broadcast } from '@contracts/broadcasts';
import { formatDuration } from './broadcast-confirm';

/**
 * How long a broadcast still takes, from the server's figures only (db/broadcasts/read-broadcasts.ts
 * readProgress): the recipients left and the send rate of the accounts they go out on, each held to
 * its platform's limit. Nothing is shown once nothing is left, or for a broadcast not under way.
 */
export function BroadcastEta({ b }: { b: Broadcast }) {
  const p = b.progress;
  if (p.etaSeconds === null || p.ratePerSecond === null) return null;
  if (b.status !== 'running' && b.status !== 'scheduled' && b.status !== 'paused') return null;
  const left = p.pending + p.queued;
  const rate = p.ratePerSecond >= 1 ? `${Math.round(p.ratePerSecond).toLocaleString('en')} DMs a second` : `${Math.round(p.ratePerSecond * 3600)} DMs an hour`;
  const pace = p.behindPlatformRate
    ? `the current pace: ${(p.sentPerSecondRecently ?? 0).toLocaleString('en')} DMs a second over the last 30 seconds, slower than the platforms allow`
    : p.accountsSending === 1
      ? `its account sends ${rate}`
      : `${p.accountsSending} accounts send at once, each at its own limit; the last to finish sends ${rate}`;
  const lead = b.status === 'paused' ? 'Paused. Once resumed, about' : 'About';
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="broadcast-eta">
      {lead} <span className="font-medium text-slate-900 dark:text-white">{formatDuration(p.etaSeconds)}</span> left for {left.toLocaleString('en')} recipient
      {left === 1 ? '' : 's'} at {p.behindPlatformRate ? '' : <>the platforms&rsquo; rate: </>}
      {pace}.
    </p>
  );
}
