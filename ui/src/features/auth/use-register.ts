import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { RegisterBody } from '@contracts/auth';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api';
import { registerUser } from './auth.api';
import { CURRENT_USER_KEY } from './current-user.query';
import { serverFieldError } from './server-errors';

const DUPLICATE_EMAIL = 'This email is already registered. Please try logging in instead.';

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();

  return useMutation({
    mutationFn: (body: RegisterBody) => registerUser(body),
    onSuccess: async (data) => {
      if (!data.success || !data.user) {
        toast({ title: 'Registration Failed', description: data.message || 'Please try again', variant: 'destructive' });
        return;
      }
      queryClient.setQueryData(CURRENT_USER_KEY, data.user);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, refetchType: 'none' });
      toast({
        title: 'Registration Successful',
        description: "Welcome to Replypilot! Let's set up your assistant.",
        variant: 'success',
      });
      await navigate(data.user.onboardingStep === 0 ? '/onboarding' : '/dashboard');
    },
    onError: (err) => {
      // A rule the password or email broke is shown on its field by the form (serverFieldError), not as a toast.
      if (serverFieldError(err, 'password') || serverFieldError(err, 'email')) return;
      const description = err instanceof ApiError && err.status === 409 ? (err.serverMessage() ?? DUPLICATE_EMAIL) : errorMessage(err, 'Please try again');
      toast({ title: 'Registration Failed', description, variant: 'destructive' });
    },
  });
}
