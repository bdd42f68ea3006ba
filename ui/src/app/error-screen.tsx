import { Button } from '../components/button';
import { Icon } from '../components/icon';

/** docs/product-spec.md §2: what a render failure shows. */
export function ErrorScreen() {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-slate-50 px-6 dark:bg-slate-950">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-400">
          <Icon name="alert" size={24} />
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">The application encountered an error and needs to reload.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          <Icon name="refresh" size={16} />
          Reload Page
        </Button>
      </div>
    </main>
  );
}
