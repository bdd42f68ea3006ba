import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { useCurrentUser } from '../features/auth/use-current-user';

/** Guarded routes: a spinner while the session loads, /login when signed out (docs/product-spec.md §2). */
export function RequireAuth() {
  const { isLoading, isAuthenticated } = useCurrentUser();
  const location = useLocation();
  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center bg-slate-50 dark:bg-slate-950">
        <Spinner size={32} className="text-indigo-600" label="Checking your session" />
      </div>
    );
  }
  // /login says which page needs the account and returns there after signing in.
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}
