import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { testLogin } from '../auth/auth.api';
import { CURRENT_USER_KEY } from '../auth/current-user.query';

const REDIRECT_DELAY_MS = 1000; // docs/product-spec.md §9: quick-login redirect 1 s

/** POST /api/auth/test-login, then /dashboard after one second (docs/product-spec.md §8 "Test login"). */
export function useTestLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useMutation({
    mutationFn: testLogin,
    onSuccess: (data) => {
      queryClient.setQueryData(CURRENT_USER_KEY, data.user);
      toast({
        title: "You're in the live demo",
        description: 'A demo workspace of your own, with sample conversations. Opening your dashboard…',
        variant: 'success',
      });
      timer.current = window.setTimeout(() => void navigate('/dashboard'), REDIRECT_DELAY_MS);
    },
    onError: (err) => {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Test login failed. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
