import { useQuery } from '@tanstack/react-query';
import { adminKeys, fetchSuspension } from './admin.api';

/**
 * Tells the members of a workspace the instance operator suspended (ADR 0042) that its automation is
 * stopped, since when and why; their data and inbox stay. Read from the workspace's own state.
 */
export function SuspensionBanner() {
  const { data } = useQuery({ queryKey: adminKeys.suspension, queryFn: fetchSuspension, staleTime: 60_000 });
  const s = data?.suspended;
  if (!s) return null;
  return (
    <div
      role="alert"
      className="border-b border-red-200 bg-red-50 px-4 py-2 text-center text-sm text-red-900 sm:px-6 lg:px-8 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200"
    >
      <strong className="font-semibold">This workspace is suspended</strong> by the operator of this server since{' '}
      <time dateTime={s.at}>{new Date(s.at).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' })}</time>: {s.reason}. No automated
      replies, flows or broadcasts are sent until it is resumed; your data, inbox and incoming messages are kept.
    </div>
  );
}
