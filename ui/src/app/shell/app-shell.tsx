import { Dialog, DialogPanel } from '@headlessui/react';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useLiveQueryUpdates } from '../../features/inbox/use-live-query-updates';
import { DemoBanner } from './demo-banner';
import { TrialBanner } from './trial-banner';
import { SuspensionBanner } from '../../features/admin/suspension-banner';
import { ShellSidebar } from './shell-sidebar';
import { ShellTopBar } from './shell-top-bar';

/** Signed-in tools: sidebar (a drawer below lg), top bar, routed page. Rendered inside RequireAuth. */
export function AppShell() {
  const { user } = useCurrentUser();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  // One /ws per tab for every signed-in page: events refresh the inbox, simulator and rules.
  useLiveQueryUpdates();
  if (!user) return null;

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 lg:block">
        <ShellSidebar />
      </aside>
      <Dialog open={sidebarOpen} onClose={setSidebarOpen} className="relative z-50 lg:hidden">
        <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
        <DialogPanel className="fixed inset-y-0 left-0 w-72 max-w-[85vw] shadow-xl">
          <button
            type="button"
            onClick={() => setSidebarOpen(false)}
            aria-label="Close navigation"
            className="absolute top-4 right-3 z-10 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <Icon name="x" />
          </button>
          <ShellSidebar onNavigate={() => setSidebarOpen(false)} />
        </DialogPanel>
      </Dialog>
      <div className="lg:pl-64">
        <ShellTopBar user={user} onOpenSidebar={() => setSidebarOpen(true)} />
        <DemoBanner expiresAt={user.demoExpiresAt} />
        <TrialBanner trialEndsAt={user.trialEndsAt} />
        <SuspensionBanner />
        <main id="main-content" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          <Suspense
            fallback={
              <div className="flex min-h-[40vh] items-center justify-center">
                <Spinner size={28} className="text-indigo-600" label="Loading page" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
