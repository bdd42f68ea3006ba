/** "in 3 min" / "shortly" for a queued send's ETA. */
export function formatRelative(iso: string | null, now = Date.now()): string {
  if (!iso) return 'shortly';
  const ms = new Date(iso).getTime() - now;
  if (!Number.isFinite(ms) || ms < 60_000) return 'shortly';
  const min = Math.round(ms / 60_000);
  return min < 60 ? `in ${min} min` : `in ${Math.round(min / 60)} h`;
}
