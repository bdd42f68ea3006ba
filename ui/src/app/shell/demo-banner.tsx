import { formatMessageTime } from '../../lib/format-time';

/**
 * Says plainly that a demo workspace is temporary and when it goes: the maintenance job deletes
 * it (and all it holds) at `demoExpiresAt`, which the server computes from DEMO_TTL_HOURS.
 */
export function DemoBanner({ expiresAt }: { expiresAt: string | null | undefined }) {
  if (!expiresAt) return null;
  return (
    <div
      role="note"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900 sm:px-6 lg:px-8 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
    >
      This is your own demo workspace: nobody else sees it, and it is deleted with everything in it on{' '}
      <time dateTime={expiresAt} className="font-semibold">
        {formatMessageTime(expiresAt, new Date(0))}
      </time>
      .
    </div>
  );
}
