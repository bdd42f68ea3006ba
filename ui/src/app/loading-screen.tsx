import { Spinner } from '../components/spinner';

/** Full-page loading state while a route chunk or the session loads. */
export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen flex-col items-center justify-center gap-4 bg-white px-6 text-center dark:bg-slate-950">
      <img src="/favicon.svg" alt="" width={48} height={48} className="h-12 w-12 animate-pulse" />
      <div>
        <p className="text-lg font-semibold text-slate-900 dark:text-white">Loading Replypilot...</p>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Please wait while we set things up...</p>
      </div>
      <Spinner className="text-indigo-600" />
    </div>
  );
}
