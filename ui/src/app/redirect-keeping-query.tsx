import { Navigate, useLocation } from 'react-router-dom';

/** A retired path's redirect that keeps the query (`/conversations?c=<id>` opens that conversation in `/inbox`). */
export function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}
