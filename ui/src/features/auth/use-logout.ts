import { useMutation } from '@tanstack/react-query';
import { logoutUser } from './auth.api';

/**
 * docs/product-spec.md §4: logout posts to the server, then navigates (to /login by default; the shell's Sign Out
 * goes to the landing page); a failure is only logged. POST only: a GET logout could be triggered
 * cross-site.
 *
 * A full page load, not a client-side navigation: clearing the signed-in user while the guarded
 * tree is still mounted (React keeps it during the transition to a lazy page) made RequireAuth
 * redirect to /login instead of the chosen page. A fresh load also drops every cached query.
 */
export function useLogout(to = '/login') {
  return useMutation({
    mutationFn: logoutUser,
    onSuccess: () => {
      window.location.assign(to);
    },
    onError: (err) => {
      console.error('Logout failed', err);
    },
  });
}
