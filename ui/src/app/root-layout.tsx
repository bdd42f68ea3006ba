import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { WorkspaceGuard } from '../features/team/workspace-guard';
import { LoadingScreen } from './loading-screen';
import { SkipLink } from './skip-link';

export function RootLayout() {
  return (
    <>
      <SkipLink />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
      <WorkspaceGuard />
    </>
  );
}
