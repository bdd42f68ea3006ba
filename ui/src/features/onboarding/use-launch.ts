import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuestionIds } from '@contracts/knowledge';
import type { OnboardingAnswers } from '@contracts/onboarding';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { CURRENT_USER_KEY } from '../auth/current-user.query';
import { completeOnboarding, saveProfileAnswer } from './onboarding.api';

/** Knowledge Builder's Continue: the answers given so far go to the knowledge base (PUT /api/knowledge/profile/:id). */
export function useSaveKnowledgeAnswers() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: async (answers: OnboardingAnswers['kbAnswers']) => {
      for (const id of profileQuestionIds) {
        const answer = answers[id]?.trim();
        if (answer) await saveProfileAnswer(id, answer);
      }
    },
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not save your answers. Please try again.'), variant: 'destructive' }),
  });
}

/** Launch (docs/product-spec.md §8 Onboarding complete toasts). */
export function useLaunch(onDone: (flowId: string) => void) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async ({ flowId }) => {
      toast({ title: 'Setup Complete!', description: 'Your assistant is ready.', variant: 'success' });
      onDone(flowId);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      await queryClient.invalidateQueries({ queryKey: ['onboarding'] });
      await queryClient.invalidateQueries({ queryKey: ['flows'] });
    },
    onError: (err) => toast({ title: 'Setup Error', description: errorMessage(err, 'Failed to complete setup. Please try again.'), variant: 'destructive' }),
  });
}
