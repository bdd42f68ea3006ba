import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

interface PublicLayoutProps {
  /** Pads and centres the page, for pages that are laid out for the app shell's content area. */
  contained?: boolean;
}

/** Marketing pages: shared header and footer around the routed page. */
export function PublicLayout({ contained = false }: PublicLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col bg-white dark:bg-slate-950">
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Suspense
          fallback={
            <div className="flex min-h-[50vh] items-center justify-center">
              <Spinner size={28} className="text-indigo-600" label="Loading page" />
            </div>
          }
        >
          {contained ? (
            <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
              <Outlet />
            </div>
          ) : (
            <Outlet />
          )}
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
