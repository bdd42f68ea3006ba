import { defaultSendLimits, platformSendLimit } from '../../contracts/inbound';

/** The DM send rate of a platform's accounts (what the send slots of a broadcast are reserved at, db/sends/enqueue-send.ts). */
export function dmLimitOf(platform: string): { perHour: number; burst: number } {
  return platformSendLimit(platform, 'dm') ?? defaultSendLimits.dm;
}

/**
 * How long until the last of `recipients` DMs on one account goes out, by the send-slot algorithm
 * (db/sends/reserve-send-slot.ts, a generic cell-rate algorithm): from T0 = max(tat, now), the k-th
 * reservation may go at max(now, T0 + k·interval − burst·interval), so the last at
 * backlog + (recipients − burst)·interval, never before now. `backlogMs`: how far the account's slot
 * clock (tat) is ahead of now, for DMs already queued by anything. Pure; ms.
 */
export function paceEtaMs(recipients: number, limit: { perHour: number; burst: number }, backlogMs: number): number {
  if (recipients <= 0) return 0;
  const interval = 3_600_000 / limit.perHour;
  return Math.max(0, Math.max(0, backlogMs) + (recipients - limit.burst) * interval);
}
