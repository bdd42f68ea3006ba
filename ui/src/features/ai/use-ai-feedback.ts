import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { postFeedback, type FeedbackRating } from './ai.api';

export interface RateTarget {
  conversationId: string;
  messageId: string;
}

/**
 * Thumbs on an answer → POST /api/chatbot/feedback. docs/product-spec.md §8: success shows 'Feedback
 * Recorded'; a failure is logged only. Remembers each message's rating so the buttons show it.
 */
export function useAiFeedback() {
  const { toast } = useToast();
  const [ratings, setRatings] = useState<Record<string, FeedbackRating>>({});
  const mutation = useMutation({
    mutationFn: postFeedback,
    onSuccess: (_data, vars) => {
      setRatings((prev) => ({ ...prev, [vars.messageId]: vars.rating }));
      toast({ title: 'Feedback Recorded', description: 'Thanks! This helps me provide better automation advice.', variant: 'success' });
    },
    onError: (err) => console.warn('Feedback was not recorded', err),
  });
  return {
    ratingOf: (messageId: string): FeedbackRating | undefined => ratings[messageId],
    rate: (target: RateTarget, rating: FeedbackRating) => mutation.mutate({ ...target, rating }),
    pending: mutation.isPending,
  };
}
