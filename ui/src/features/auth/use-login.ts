import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { LoginBody } from '@contracts/auth';
import { useToast } from '../../components/toast/use-toast';
import { ApiError } from '../../lib/api';
import { loginUser } from './auth.api';
import { CURRENT_USER_KEY } from './current-user.query';

/** Signs in, then opens `next` (the guarded page the visitor was sent away from) or the dashboard. */
export function useLogin(next: string | null = null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();

  return useMutation({
    mutationFn: (body: LoginBody) => loginUser(body),
    onSuccess: async (data) => {
      queryClient.setQueryData(CURRENT_USER_KEY, data.user);
      // The sign-in answer has the user's own plan; the next read has the workspace's (its owner's).
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, refetchType: 'none' });
      toast({
        title: 'Login Successful',
        description: `Welcome back${data.user.firstName ? `, ${data.user.firstName}` : ''}!`,
        variant: 'success',
      });
      await navigate(next ?? '/dashboard');
    },
    onError: (err) => {
      const serverMessage = err instanceof ApiError ? err.serverMessage() : undefined;
      const description =
        serverMessage === 'Invalid credentials'
          ? 'Please check your email and password and try again.'
          : serverMessage || 'Please check your credentials and try again.';
      toast({ title: 'Login Failed', description, variant: 'destructive' });
    },
  });
}
