import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Icon } from '../../components/icon';
import { Logo } from '../../components/logo';
import { Spinner } from '../../components/spinner';

const points = ['Reply to every comment and DM automatically', 'One inbox for Instagram, Messenger and X', 'Visual flows, templates and an AI assistant'];

/** Split screen for /login, /register and /forgot-password: brand panel left, form right. */
export function AuthLayout() {
  return (
    <div className="grid min-h-screen bg-white lg:grid-cols-2 dark:bg-slate-950">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-800 p-12 text-white lg:flex lg:flex-col">
        <div aria-hidden="true" className="absolute -top-24 -right-24 h-96 w-96 rounded-full bg-violet-400/30 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 h-96 w-96 rounded-full bg-indigo-400/20 blur-3xl" />
        <Logo inverted className="relative" />
        <div className="relative mt-auto max-w-md">
          <h2 className="text-3xl font-semibold tracking-tight">Turn every comment into a conversation.</h2>
          <ul className="mt-8 space-y-4">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-3 text-indigo-50">
                <span className="flex h-6 w-6 items-center justify-center rounded-full bg-white/15">
                  <Icon name="check" size={14} />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <main id="main-content" tabIndex={-1} className="flex flex-col px-4 py-8 outline-none sm:px-8">
        <div className="lg:hidden">
          <Logo />
        </div>
        <div className="flex flex-1 items-center justify-center py-8">
          <div className="w-full max-w-md">
            <Suspense fallback={<Spinner className="mx-auto text-indigo-600" label="Loading" />}>
              <Outlet />
            </Suspense>
          </div>
        </div>
      </main>
    </div>
  );
}
