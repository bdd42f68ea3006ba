import type { BroadcastAudience } from '@contracts/broadcasts';

const platformName: Record<string, string> = { instagram: 'Instagram', facebook: 'Messenger', twitter: 'X' };

/** "under a second", "45 seconds", "5 minutes", "2.5 hours": how long a send takes, for people. */
export function formatDuration(seconds: number): string {
  if (seconds < 1) return 'under a second';
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  if (seconds < 3600) {
    const m = Math.ceil(seconds / 60);
    return `${m} minute${m === 1 ? '' : 's'}`;
  }
  const h = Math.round((seconds / 3600) * 10) / 10;
  return `${h} hour${h === 1 ? '' : 's'}`;
}

/** A send rate in the platform's own terms: X's 15 DMs per 15 minutes, Meta's per second. */
export function rateText(perHour: number): string {
  if (perHour >= 3600) return `${Math.round(perHour / 3600).toLocaleString('en')} DMs a second`;
  if (perHour % 4 === 0) return `${perHour / 4} DMs per 15 minutes`;
  return `${perHour} DMs an hour`;
}

/** One line per platform it reaches: how many, at what rate, how long. */
export function pacingLines(audience: Pick<BroadcastAudience, 'pacing'>): string[] {
  return audience.pacing
    .filter((p) => p.reachable > 0)
    .map(
      (p) =>
        `${platformName[p.platform] ?? p.platform}: ${p.reachable.toLocaleString('en')} at ${rateText(p.perHour)}${p.reachable > p.burst ? ` (the first ${p.burst.toLocaleString('en')} at once)` : ''} — ${formatDuration(p.etaSeconds)}`,
    );
}
