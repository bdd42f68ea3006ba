import { Spinner } from '../components/spinner';
import { useCurrentUser } from '../features/auth/use-current-user';
import { PublicLayout } from '../pages/public-layout/public-layout';
import { AppShell } from './shell/app-shell';

/** Unguarded pages the shell also links to: the app shell when signed in, the public frame otherwise. */
export function AdaptiveLayout() {
  const { isLoading, isAuthenticated } = useCurrentUser();
  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner size={32} className="text-indigo-600" label="Loading" />
      </div>
    );
  }
  return isAuthenticated ? <AppShell /> : <PublicLayout contained />;
}
