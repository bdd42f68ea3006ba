import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { logoutUser } from './auth.api';
import { CURRENT_USER_KEY } from './current-user.query';

/**
 * docs/product-spec.md §4: logout posts to the server, then navigates (to /login by default; the shell's Sign Out
 * goes to the landing page); a failure is only logged. POST only: a GET logout could be triggered
 * cross-site (review F12).
 */
export function useLogout(to = '/login') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logoutUser,
    onSuccess: async () => {
      await navigate(to);
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
    },
    onError: (err) => {
      console.error('Logout failed', err);
    },
  });
}
